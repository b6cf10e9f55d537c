// The site's own strings in Swedish (decision 0111): English's catalogue
// (en/index.tsx) in the same shape, which its type requires; the islands'
// parts are contact.ts, gallery.ts and favourites.ts beside this file.
// Swedish typography: ”citat”, a space before the ellipsis, e-post.
import type * as en from '@/i18n/en';
import { num } from '@/i18n/format';
import { contact } from '@/i18n/sv/contact';
import { favourites } from '@/i18n/sv/favourites';
import { facts, gallery } from '@/i18n/sv/gallery';
import { host } from '@/i18n/sv/host';
import { locale } from '@/i18n/sv/locale';
import titles from '@/i18n/sv/titles.json';

/** A name in the genitive: "Plausibles", but "Google Analytics" (a name ending in s, x or z takes no s). */
const genitive = (name: string) => (/[sxz]$/i.test(name) ? name : `${name}s`);

export const providers: typeof en.providers = {
  ga4: {
    collects:
      'sidan, sidan du kom från, din webbläsare, din enhet och din ungefärliga plats (utifrån din IP-adress), i kakor som heter _ga och som skiljer dina senare besök åt',
    retention: 'Google Analytics sparar uppgifterna i 2 månader, eller i upp till 14 månader om webbplatsens ägare har ställt in det så.',
  },
  plausible: {
    collects: 'sidan, sidan du kom från, din webbläsare, ditt operativsystem, typ av enhet och land; den sätter inga kakor och sparar ingen IP-adress',
    retention: 'Plausible sparar siffrorna så länge webbplatsen har sitt konto där.',
  },
  umami: {
    collects:
      'sidan, dess titel, sidan du kom från, din webbläsare, ditt operativsystem, skärmstorlek, språk och land; den sätter inga kakor och sparar ingen IP-adress',
    retention: 'Umami sparar siffrorna så länge webbplatsen har sitt konto där.',
  },
  goatcounter: {
    collects: 'sidan, dess titel, sidan du kom från, din webbläsare, skärmstorlek och land; den sätter inga kakor och sparar ingen IP-adress',
    retention: 'GoatCounter sparar siffrorna så länge webbplatsen har sitt konto där.',
  },
};

export const site: typeof en.site = {
  skipLink: 'Hoppa till innehållet',
  favourites: {
    heading: 'Dina favoriter',
    intro: 'Välj de bilder du gillar och skicka sedan listan med en hälsning.',
    label: 'Favoriter',
    send: 'Skicka favoriter',
    photos: 'Bilder',
    yourName: 'Ditt namn',
    yourEmail: 'Din e-postadress',
    note: 'En hälsning (valfritt)',
    addHeading: (file) => <>Lägg till {file} bland dina favoriter</>,
    addLabel: (file) => `Lägg till ${file} bland favoriterna`,
    add: 'Lägg till bland favoriterna',
    downloadAll: (originals) => <>Ladda ned alla bilder ({originals ? 'original' : 'webbstorlek'}, ZIP)</>,
  },
  nav: { label: 'Huvudmeny', about: 'Om mig', contact: 'Kontakt', openMenu: 'Öppna menyn', closeMenu: 'Stäng menyn', languages: 'Språk' },
  footer: {
    rights: (year, name) => (
      <>
        © {year} {name}. Alla rättigheter förbehållna.
      </>
    ),
    privacy: 'Integritet',
    settings: 'Integritetsinställningar',
  },
  consent: {
    title: 'Dina integritetsval',
    question: 'Får Google Analytics räkna ditt besök? Kakor sätts bara om du godkänner det.',
    privacy: 'Integritet',
    accept: 'Godkänn',
    reject: 'Avböj',
  },
  newTab: ' (öppnas i en ny flik)',
  social: (label) => `${label} (öppnas i en ny flik)`,
  backHome: 'Tillbaka till startsidan',
  home: { work: 'Utvalda arbeten', viewWork: 'Se mina arbeten', getInTouch: 'Hör av dig', featured: 'Utvalda fotografier' },
  motion: { pause: 'Pausa', slideshow: 'Pausa bildspelet', video: 'Pausa videon' },
  about: { title: 'Om mig', skills: 'Kompetenser' },
  category: {
    projects: 'Projekt',
    empty: 'Nya arbeten på väg',
    emptyText: (title) => <>Det finns inga projekt i {title} att visa ännu. Nya arbeten dyker upp här så snart de är klara.</>,
  },
  project: {
    cover: (title) => `Omslagsbild för ${title}`,
    role: 'Roll:',
    skills: 'Kompetenser',
    caseStudy: { overview: 'Översikt', challenge: 'Utmaning', solution: 'Lösning', impact: 'Resultat', role: 'Roll', technologies: 'Tekniker' },
    pdf: (label, size) => `${label} (PDF, ${size})`,
    prototypeHeading: 'Interaktiv prototyp',
    prototype: 'Öppna prototypen',
    videoDownload: 'Ladda ned videon',
  },
  photo: {
    back: (title) => <>Tillbaka till {title}</>,
    position: (video, n, total) => (
      <>
        {video ? 'Video' : 'Bild'} {num(locale, n)} av {num(locale, total)}
      </>
    ),
    nav: 'Bilder',
    previous: 'Föregående bild',
    next: 'Nästa bild',
    videoFile: (duration) => <>Videofilen ({duration})</>,
    fullSize: 'Bilden i full storlek',
    openInViewer: 'Öppna i bildvisaren',
    all: (title) => <>Alla bilder i {title}</>,
  },
  honeypot: 'Lämna det här fältet tomt',
  contactSent: {
    title: 'Meddelandet har skickats!',
    text: 'Tack för att du hör av dig. Ditt meddelande har kommit fram, och du får svar inom kort.',
    another: 'Skicka ett nytt meddelande',
  },
  notFound: { text: 'Hoppsan! Sidan finns inte', home: 'Till startsidan' },
  privacy: {
    title: 'Integritet',
    visits: 'Besök',
    messages: 'Meddelanden',
    questions: 'Frågor',
    noAnalytics: 'Den här webbplatsen räknar inte besök: ingen analystjänst används och inga kakor sätts.',
    counted: (name, consent, collects, policy) => (
      <>
        Varje sida du öppnar räknas en gång av {name}
        {consent ? ', men bara om du godkänner det i rutan ”Dina integritetsval”' : ''}. Tjänsten tar emot {collects}. Vad den gör med uppgifterna står i{' '}
        {policy}.
      </>
    ),
    policy: (name) => <>{genitive(name)} integritetspolicy</>,
    choice:
      'Ditt val sparas i din webbläsare (lokal lagring), inte i en kaka. Du kan ändra det när som helst under ”Integritetsinställningar” längst ned på varje sida; om du avböjer efter att ha godkänt raderas kakorna _ga. Utan JavaScript räknas ingenting.',
    form: 'kontaktformuläret',
    messagesText: (form, name) => (
      <>
        Det du skickar via {form} – ditt namn, din e-postadress och ditt meddelande – når {name} genom webbplatsens formulärtjänst hos webbhotellet (Netlify
        Forms), som sparar uppgifterna tills {name} raderar dem. De används bara för att svara dig.
      </>
    ),
    ask: (name, where) => (
      <>
        Vill du veta vad som sparas om dig, eller få det raderat, kan du skriva till {name} {where}.
      </>
    ),
    at: (address) => <>på {address}</>,
    through: (form) => <>via {form}</>,
    galleries: 'Privata gallerier',
    galleriesAccess: (name) =>
      `Om ${name} delar ett privat galleri med dig kontrolleras lösenordet du anger av webbplatsens värd, och en kaka släpper in dig i just det galleriet i upp till 30 dagar. Inga andra kakor sätts.`,
    galleriesFavourites: (name) =>
      `Bilderna du markerar med ett hjärta sparas i din webbläsare (lokal lagring) tills du skickar dem. När du skickar dem får ${name} ditt namn, din e-postadress, ditt meddelande och bilderna du valt.`,
    galleriesActivity: (name) =>
      `${name} ser också när galleriet öppnades, när dina valda bilder skickades och vilka filer som laddades ner, under det namn din åtkomst fick. Ingen IP-adress, webbläsare eller enhet sparas. Webbplatsens värd (Netlify) sparar detta tills ${name} tar bort det.`,
  },
  titles: {
    ...titles,
    sent: 'Meddelandet skickat',
    privacyDescription: (name) => `Vad ${genitive(name)} webbplats samlar in om besökare, och vem du kan fråga.`,
  },
};

/** Every string of the site in Swedish. */
export const sv: typeof en.en = { locale, site, contact, facts, gallery, favourites, providers, host };
