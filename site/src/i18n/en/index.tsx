// The site's own strings in English (decision 0111): everything a visitor
// reads that is not the owner's content, in one catalogue, `en`, made of
// parts. The other languages' catalogues (sv/) have its type, so a key
// missing there is a type error, and catalogue.test.ts fails on one left
// empty. A message with parameters is a function; one that mixes text and
// elements returns them as JSX, in the same pieces as the markup always
// had (the prerendered HTML stays byte-identical). Numbers and dates go
// through Intl with `locale` (src/i18n/format.ts).
//
// The parts an island shows are files of their own, without JSX, so that
// each island's chunk takes its own strings and no others: contact.ts (the
// contact island), gallery.ts (the lightbox), favourites.ts (the favourites
// island). What only the prerender shows is here.
import type { ReactNode } from 'react';
import { contact } from '@/i18n/en/contact';
import { favourites } from '@/i18n/en/favourites';
import { facts, gallery } from '@/i18n/en/gallery';
import { host } from '@/i18n/en/host';
import { locale } from '@/i18n/en/locale';
import titles from '@/i18n/en/titles.json';
import { num } from '@/i18n/format';
import { pieces } from '@/i18n/pieces';

/** What an analytics service collects, and how long it keeps it by its own default (the privacy page). */
export const providers = {
  ga4: {
    collects:
      'the page, the page you came from, your browser, device and approximate location (from your IP address), in cookies named _ga that tell your later visits apart',
    retention: 'Google Analytics keeps this data for 2 months, or up to 14 months if the site owner has set it so.',
  },
  plausible: {
    collects: 'the page, the page you came from, your browser, operating system, device type and country; it sets no cookies and keeps no IP address',
    retention: 'Plausible keeps these counts for as long as the site has its account there.',
  },
  umami: {
    collects:
      'the page, its title, the page you came from, your browser, operating system, screen size, language and country; it sets no cookies and keeps no IP address',
    retention: 'Umami keeps these counts for as long as the site has its account there.',
  },
  goatcounter: {
    collects: 'the page, its title, the page you came from, your browser, screen size and country; it sets no cookies and keeps no IP address',
    retention: 'GoatCounter keeps these counts for as long as the site has its account there.',
  },
};

/** The pages' own strings: rendered at build time only. */
export const site = {
  skipLink: 'Skip to content',
  /** A private gallery's favourites form, as prerendered (its island's strings: favourites.ts). */
  favourites: {
    heading: 'Your favourites',
    intro: 'Choose the photos you like, then send the list with a note.',
    label: 'Favourites',
    send: 'Send favourites',
    photos: 'Photos',
    yourName: 'Your name',
    yourEmail: 'Your email',
    note: 'A note (optional)',
    addHeading: (file: string): ReactNode => <>Add {file} to your favourites</>,
    addLabel: (file: string) => `Add ${file} to favourites`,
    add: 'Add to favourites',
    /** The whole gallery's ZIP. */
    downloadAll: (originals: boolean): ReactNode => <>Download all photos ({originals ? 'originals' : 'web size'}, ZIP)</>,
  },
  nav: { label: 'Main', about: 'About', contact: 'Contact', openMenu: 'Open menu', closeMenu: 'Close menu', languages: 'Language' },
  footer: {
    rights: (year: ReactNode, name: string): ReactNode => (
      <>
        © {year} {name}. All rights reserved.
      </>
    ),
    privacy: 'Privacy',
    settings: 'Privacy settings',
  },
  consent: {
    title: 'Privacy choices',
    question: 'May Google Analytics count your visit? It sets cookies only if you accept.',
    privacy: 'Privacy',
    accept: 'Accept',
    reject: 'Reject',
  },
  newTab: ' (opens in a new tab)',
  /** A social link's name: "Flickr (opens in a new tab)". */
  social: (label: string) => `${label} (opens in a new tab)`,
  backHome: 'Back to Home',
  home: { work: 'Selected Work', viewWork: 'View My Work', getInTouch: 'Get in Touch', featured: 'Featured photographs' },
  motion: { pause: 'Pause', slideshow: 'Pause slideshow', video: 'Pause video' },
  about: { title: 'About Me', skills: 'Skills' },
  category: {
    projects: 'Projects',
    empty: 'Work on its way',
    emptyText: (title: string): ReactNode => <>There are no {title} projects to show yet. New work will appear here as soon as it is ready.</>,
  },
  project: {
    cover: (title: string) => `Cover of ${title}`,
    role: 'Role:',
    skills: 'Skills',
    caseStudy: { overview: 'Overview', challenge: 'Challenge', solution: 'Solution', impact: 'Impact', role: 'Role', technologies: 'Technologies' },
    pdf: (label: string, size: string) => `${label} (PDF, ${size})`,
    prototypeHeading: 'Interactive prototype',
    prototype: 'Open the prototype',
    videoDownload: 'Download the video',
  },
  photo: {
    back: (title: string): ReactNode => <>Back to {title}</>,
    position: (video: boolean, n: number, count: number): ReactNode => (
      <>
        {video ? 'Video' : 'Photo'} {num(locale, n)} of {num(locale, count)}
      </>
    ),
    nav: 'Photos',
    previous: 'Previous photo',
    next: 'Next photo',
    videoFile: (duration: string): ReactNode => <>The video file ({duration})</>,
    fullSize: 'Full-size image',
    /** The photo, a button with JavaScript (decision 0118). */
    openInViewer: 'Open in viewer',
    all: (title: string): ReactNode => <>All photos of {title}</>,
  },
  honeypot: 'Leave this field empty',
  contactSent: {
    title: 'Message sent successfully!',
    text: 'Thank you for getting in touch. Your message has been received, and you will hear back soon.',
    another: 'Send another message',
  },
  notFound: { text: 'Oops! Page not found', home: 'Return to Home' },
  privacy: {
    title: 'Privacy',
    visits: 'Visits',
    messages: 'Messages',
    questions: 'Questions',
    noAnalytics: 'This site does not count visits: no analytics service is used, and no cookies are set.',
    /** How visits are counted; `policy` is the link to the service's privacy policy. */
    counted: (name: string, consent: boolean, collects: string, policy: ReactNode): ReactNode =>
      pieces(
        'Each page you open is counted once by ',
        name,
        consent ? ', only if you accept in the “Privacy choices” bar' : '',
        '. It receives ',
        collects,
        '.',
        ' ',
        policy,
        ' ',
        'says what it does with them.',
      ),
    policy: (name: string): ReactNode => <>{name}’s privacy policy</>,
    choice:
      'Your choice is kept in your browser (local storage), not in a cookie. Change it at any time with “Privacy settings” at the bottom of every page; if you reject after accepting, the _ga cookies are deleted. Without JavaScript nothing is counted.',
    form: 'contact form',
    messagesText: (form: ReactNode, name: string): ReactNode =>
      pieces(
        'The',
        ' ',
        form,
        ' ',
        'sends your name, your email address and your message to ',
        name,
        ', through the form service of the site’s host (Netlify Forms), which keeps them until ',
        name,
        ' deletes them. They are used only to answer you.',
      ),
    ask: (name: string, where: ReactNode): ReactNode => (
      <>
        To ask what is kept about you, or to have it deleted, write to {name} {where}.
      </>
    ),
    at: (address: ReactNode): ReactNode => pieces('at', ' ', address),
    through: (form: ReactNode): ReactNode => pieces('through the', ' ', form),
    /** A site with a private project: what its client galleries keep (decisions 0080, 0090, 0097, 0098). */
    galleries: 'Private galleries',
    galleriesAccess: (name: string) =>
      `If ${name} shares a private gallery with you, the password you enter is checked by the site’s host, and a cookie lets you into that gallery alone for up to 30 days. No other cookie is set.`,
    galleriesFavourites: (name: string) =>
      `The photos you mark with a heart are kept in your browser (local storage) until you send them. Sending them gives ${name} your name, your email address, your note and the photos you chose.`,
    galleriesActivity: (name: string) =>
      `${name} also sees when the gallery was opened, when your chosen photos were sent and which files were downloaded, under the name your access was given. No IP address, browser or device is kept. The site’s host (Netlify) keeps these until ${name} deletes them.`,
  },
  /** Page titles (before " · " and the site's name) and the privacy page's description. */
  titles: {
    // About, Privacy and the not-found page's titles are a JSON file, which
    // `portfolio images` reads too: it draws them on those pages' social
    // preview cards in each language (decision 0123).
    ...titles,
    sent: 'Message sent',
    privacyDescription: (name: string) => `What ${name}'s site collects about visitors, and whom to ask.`,
  },
};

/** Every string of the site in English. */
export const en = { locale, site, contact, facts, gallery, favourites, providers, host };
