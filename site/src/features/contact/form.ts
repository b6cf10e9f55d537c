// What the contact form's static markup (ContactForm.tsx, rendered by React
// and MUI at build time) and its island (src/islands/contact.ts, plain
// TypeScript in the browser) share. Nothing here imports React.

// The form's names, as the host's form handling and `portfolio serve` read a
// post (cli/internal/contact has the Go side; its TestFormNames checks this file).
export const FORM_NAME = 'contact';
export const FORM_NAME_FIELD = 'form-name';
export const HONEYPOT = 'bot-field';
export const fields = ['name', 'email', 'message'] as const;
export type Field = (typeof fields)[number];

/** The toasts the island shows, prerendered in `<template data-contact-toast="…">`. */
export type ToastKind = 'success' | 'failure';

/**
 * A field's look, as MUI draws it: focused, filled (label shrunk and outline
 * notched, as when focused) and in error. The key is three bits, "fse".
 */
export const stateKey = (focused: boolean, filled: boolean, error: boolean) => `${+focused}${+filled}${+error}`;

/**
 * The class names MUI gives each element of the form in each of its states,
 * rendered by React + MUI at build time (src/features/contact/states.tsx) and
 * handed to the island as its props, so the island draws every state with
 * MUI's own classes (and MUI's CSS, which the page carries) without React.
 * Class lists are indexes into `classes`.
 */
export interface ContactStates {
  classes: string[];
  /** Per field, per state key: the class list of every element of its TextField, root first, in document order. */
  fields: Record<Field, Record<string, number[]>>;
  /** The label's `data-shrink` per state key is the key's "filled or focused" bit; the label is this element of the list. */
  label: number;
  /** The helper text under a field: without, with an error. */
  helper: [number, number];
  /** The submit button: idle, sending (disabled). */
  button: [number, number];
  /** MUI's pulsating focus ripple in the button under keyboard focus: its root, ripple and child, and the class the child takes while it leaves. */
  focusRipple: [number, number, number];
  rippleLeaving: number;
}
