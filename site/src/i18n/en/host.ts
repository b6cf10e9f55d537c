// What the host writes itself, outside the site's pages, in English: the
// secret page of a private project (written by `portfolio serve` and the
// Edge Function netlify/private-gate alike) and serve's answer to a form
// posted without JavaScript that comes back invalid (decision 0123).
// Plain strings, a {site} placeholder where the owner's name goes: the
// prerender writes each language's part to dist/.vite/messages.json
// (hostMessages, src/entry-server.tsx), and `portfolio build` gives the
// gate's part to both implementations in private-gate.json. Nothing in the
// browser reads it.

export const host = {
  gate: {
    /** The page's heading when the owner shows no title. */
    title: 'Private gallery',
    /** What the page says, with the owner's name. */
    sharedBy: '{site} shared this private gallery with you. Enter the password from {site}’s message to see it.',
    /** What it says when the build named no owner. */
    shared: 'This gallery is private. Enter the password from the message you were sent to see it.',
    password: 'Password',
    open: 'Open the gallery',
    /** After a wrong password. */
    wrong: 'That is not the password for this gallery. Check the message it came in, and try again.',
    /** After a post that could not be read. */
    unreadable: 'The form could not be read. Enter the password again.',
    /** To an address out of tries: {wait} is the wait, in `wait`'s words. */
    tooMany: 'Too many tries from your address. Wait {wait}, then enter the password again.',
    /**
     * A wait: one second, {n} seconds (2 to 89), {n} minutes (from 90
     * seconds, rounded up). No count below 2 reaches `seconds` or
     * `minutes`, so each is the plural (privateaccess.Wait).
     */
    wait: { second: 'a second', seconds: '{n} seconds', minutes: '{n} minutes' },
    /**
     * The page for a client whose access to the project has ended: {owner}
     * is the owner's name, or `owner` when the build named none.
     */
    closed: {
      title: 'This private page is closed',
      text: 'The time to see this page is over. If you still need it, {owner} can open it again for you.',
      /** The link to the contact page. */
      write: 'Write to {owner}',
      owner: 'the photographer',
    },
    /** An address under the private prefix with no page. */
    notFound: { title: 'No page here', text: 'There is no page at this address.' },
    /** The short page's link to the home page. */
    home: 'Go to the home page',
  },
  /** The contact form's status after a post without JavaScript that comes back invalid. */
  formInvalid: 'Please correct the fields below.',
  /**
   * The pages `portfolio serve` answers a contact form's post with when it
   * refuses it before its fields are checked: {wait} is a wait in
   * `gate.wait`'s words, {limit} a size in KB, {form} the form's name as
   * posted, in quotes.
   */
  notices: {
    tooMany: {
      title: 'Too many messages',
      text: 'Too many messages came from your address. Please try again in {wait}; what you wrote was not sent, so keep a copy.',
    },
    tooLarge: {
      title: 'The message is too large',
      text: 'The message is too large to send (the limit is {limit} KB). Go back, shorten it and send it again.',
    },
    unsupported: {
      title: 'The form could not be read',
      text: "The form could not be read: it must be sent as application/x-www-form-urlencoded, as a web page's form does. Go back and send it from the page.",
    },
    unreadable: { title: 'The form could not be read', text: 'The form data could not be read. Go back and send it again from the page.' },
    unknown: { title: 'Unknown form', text: "There is no form named {form} on this site. Go back and send the page's own form." },
    /** The link back to the page the post came from. */
    back: 'Go back',
    /** The link when it came from no page of the site. */
    home: 'Go to the home page',
  },
};
