// What the contact form's static markup (ContactForm.tsx, rendered by React
// and MUI at build time) and its island (src/islands/contact.ts, plain
// TypeScript in the browser) share. Nothing here imports React.

// The form's names, as the host's form handling and `portfolio serve` read a
// post (cli/internal/contact has the Go side; its TestFormNames checks this file).
export const FORM_NAME = 'contact';
export const FORM_NAME_FIELD = 'form-name';
export const HONEYPOT = 'bot-field';
export const fields = ['name', 'email', 'message'] as const;
/**
 * On a site in several languages, the language the message was sent from
 * (a hidden field of the form, the page's language; decision 0116).
 */
export const LANGUAGE_FIELD = 'language';
export type Field = (typeof fields)[number];

/** The toasts the island shows, prerendered in `<template data-contact-toast="…">`. */
export type ToastKind = 'success' | 'failure';

/**
 * The toasts' timings, in ms, for the island (when to hide and remove one)
 * and the toast's CSS (ContactForm.tsx, its transitions): shown for
 * `autoHide` (half that again after a pause under the pointer or focus),
 * coming in over `enter` and going over `exit`.
 */
export const toastTimings = { autoHide: 6000, enter: 225, exit: 195 } as const;
