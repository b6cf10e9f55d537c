// The contact form island: plain TypeScript, no React in the browser. The
// form is prerendered by React + MUI (src/features/contact/ContactForm.tsx)
// and posts natively until this module arrives (when the form comes near the
// viewport or the browser is idle). It then takes its state from the DOM
// (text typed before it came, or values and messages the server filled in
// after a native post), runs the rules of docs/site.md §5, posts with fetch
// and shows the toasts. It draws the form's looks through plain attributes
// only, which the form's own CSS reads (ContactForm.tsx): `aria-invalid` on a
// field in error, `data-shrink` on the label of a field focused or filled,
// `disabled` on the button while sending, `data-state="open"` on a toast.
import { fields, LANGUAGE_FIELD, toastTimings, type Field, type ToastKind } from '@/features/contact/form';
import { submitContact } from '@/features/contact/submit';
import { validate, type ContactErrors, type ContactValues } from '@/features/contact/validation';
import { contact as en } from '@/i18n/en/contact';
import { langOf } from '@/i18n/lang';
import { contact as sv } from '@/i18n/sv/contact';

/** The form's strings in each shipped language (decision 0111): the island shows the page's. */
const strings = { en, sv } as const;

type Control = HTMLInputElement | HTMLTextAreaElement;

/** What the form holds when the island mounts. */
export interface ContactInitial {
  values: ContactValues;
  errors: ContactErrors;
  /** The form's status line, as the server wrote it ("Please correct the fields below."). */
  notice?: string;
}

/** The form's current values and messages, read from its markup. */
export function readInitial(el: ParentNode): ContactInitial {
  const values: ContactValues = { name: '', email: '', message: '' };
  const errors: ContactErrors = {};
  for (const f of fields) {
    const input = el.querySelector<Control>(`[name="${f}"]`);
    values[f] = input?.value ?? '';
    const message = el.querySelector(`[data-error-for="${f}"]`)?.textContent?.trim();
    if (message) errors[f] = message;
  }
  const notice = el.querySelector('[data-form-status]')?.textContent?.trim();
  return { values, errors, ...(notice ? { notice } : {}) };
}

/** Takes over the prerendered form in `el`. */
export function mount(el: HTMLElement) {
  const form = el.querySelector<HTMLFormElement>('form');
  const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  const status = form?.querySelector<HTMLElement>('[data-form-status]');
  if (!form || !button || !status) {
    console.error('contact island: the form is not as prerendered; the form keeps posting natively');
    return;
  }
  const controls = {} as Record<Field, Control>;
  const labels = {} as Record<Field, HTMLLabelElement>;
  const helpers = {} as Record<Field, HTMLElement>;
  for (const f of fields) {
    const control = form.querySelector<Control>(`[name="${f}"]`);
    const label = control?.labels?.[0];
    const helper = form.querySelector<HTMLElement>(`[data-error-for="${f}"]`);
    if (!control || !label || !helper) {
      console.error(`contact island: the ${f} field is not as prerendered; the form keeps posting natively`);
      return;
    }
    controls[f] = control;
    labels[f] = label;
    helpers[f] = helper;
  }

  const t = strings[langOf(el)];
  // The language the page's form names (a site in several languages), posted with the message.
  const language = form.querySelector<HTMLInputElement>(`input[type="hidden"][name="${LANGUAGE_FIELD}"]`)?.value;
  const initial = readInitial(form);
  let errors = initial.errors;
  // Messages the server wrote after a native post count as a first submit.
  let submitted = Object.keys(errors).length > 0;
  let sending = false;
  const values = (): ContactValues => ({ name: controls.name.value, email: controls.email.value, message: controls.message.value });

  const paint = (f: Field, focused = controls[f].ownerDocument.activeElement === controls[f]) => {
    const control = controls[f];
    const error = errors[f];
    labels[f].setAttribute('data-shrink', String(focused || control.value !== ''));
    control.setAttribute('aria-invalid', String(Boolean(error)));
    if (helpers[f].textContent !== (error ?? '')) helpers[f].textContent = error ?? '';
  };
  const paintAll = () => fields.forEach((f) => paint(f));
  const setNotice = (text: string) => {
    status.textContent = text;
    if (text) status.setAttribute('role', 'alert');
    else status.removeAttribute('role');
  };
  const setSending = (on: boolean) => {
    sending = on;
    button.disabled = on;
    button.tabIndex = on ? -1 : 0;
    button.textContent = on ? t.sending : t.send;
  };

  // Live now: the rules and messages of docs/site.md §5 replace the native constraints.
  form.noValidate = true;
  for (const f of fields) controls[f].removeAttribute('maxlength');
  paintAll();
  const fitMessage = textareaHeight(controls.message);
  fitMessage();
  let frame = 0;
  (form.ownerDocument.defaultView ?? window).addEventListener('resize', () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(fitMessage);
  });

  const fieldOf = (target: EventTarget | null) => fields.find((f) => controls[f] === target);
  form.addEventListener('input', (e) => {
    const f = fieldOf(e.target);
    if (!f) return;
    if (submitted) {
      errors = validate(values(), t);
      paintAll();
    } else paint(f);
    if (f === 'message') fitMessage();
  });
  // Focus and blur move the label (up when focused or filled); autofill
  // fills a field without an input event in some browsers, and starts MUI's
  // autofill animation on it.
  for (const type of ['focusin', 'focusout', 'animationstart']) {
    form.addEventListener(type, (e) => {
      const f = fieldOf(e.target);
      if (f) paint(f, type === 'animationstart' ? undefined : type === 'focusin');
    });
  }

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (sending) return;
    submitted = true;
    setNotice('');
    const sent = values();
    errors = validate(sent, t);
    paintAll();
    const firstInvalid = fields.find((f) => errors[f]);
    if (firstInvalid) {
      controls[firstInvalid].focus();
      return;
    }
    toasts.close();
    setSending(true);
    submitContact(sent, fetch, language).then(
      () => {
        for (const f of fields) controls[f].value = '';
        submitted = false;
        errors = {};
        paintAll();
        fitMessage();
        setSending(false);
        toasts.open('success');
      },
      () => {
        setSending(false);
        toasts.open('failure');
      },
    );
  });

  const toasts = toaster(form);
}

/**
 * The message box's height as MUI's TextareaAutosize sets it once live
 * (`rows` is its minimum and maximum): measured on the hidden copy MUI
 * prerenders next to it, so the box is exactly as tall as MUI makes it.
 */
function textareaHeight(textarea: Control) {
  const hidden = textarea.parentElement?.querySelector<HTMLTextAreaElement>('textarea[aria-hidden="true"]');
  const rows = Number(textarea.getAttribute('rows')) || 1;
  const px = (v: string) => Number.parseFloat(v) || 0;
  return () => {
    if (!hidden || !(textarea instanceof HTMLTextAreaElement)) return;
    const style = getComputedStyle(textarea);
    if (style.width === '0px') return;
    hidden.style.width = style.width;
    hidden.value = textarea.value || 'x';
    if (hidden.value.endsWith('\n')) hidden.value += ' ';
    const inner = hidden.scrollHeight;
    hidden.value = 'x';
    const single = hidden.scrollHeight;
    const outer = Math.max(Math.min(rows * single, Math.max(rows * single, inner)), single);
    const extra =
      style.boxSizing === 'border-box' ? px(style.paddingTop) + px(style.paddingBottom) + px(style.borderTopWidth) + px(style.borderBottomWidth) : 0;
    if (outer === 0) return;
    textarea.style.height = `${outer + extra}px`;
    textarea.style.overflow = Math.abs(outer - inner) <= 1 ? 'hidden' : '';
  };
}

/**
 * The success and failure toasts, as prerendered in the form's templates:
 * open (`data-state="open"`, which the toast's CSS grows in), hidden after
 * `toastTimings.autoHide` (half that again after a pause under the pointer or
 * focus, or while the window is in the background), closed by its Close
 * button or Escape, and removed once it has faded out.
 */
function toaster(form: HTMLFormElement) {
  const doc = form.ownerDocument;
  const win = doc.defaultView ?? window;
  const { autoHide, exit } = toastTimings;
  let current: { root: HTMLElement; close: () => void } | undefined;

  const open = (kind: ToastKind) => {
    current?.close();
    const template = form.querySelector<HTMLTemplateElement>(`template[data-contact-toast="${kind}"]`);
    const root = template?.content.firstElementChild?.cloneNode(true);
    if (!(root instanceof win.HTMLElement)) return;
    form.querySelector('template')!.before(root);

    let timer: ReturnType<typeof setTimeout> | undefined;
    const pause = () => clearTimeout(timer);
    const resume = (ms = autoHide / 2) => {
      pause();
      timer = setTimeout(close, ms);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) close();
    };
    const onWinFocus = () => resume();
    const onWinBlur = () => pause();
    function close() {
      if (current?.root !== root) return;
      current = undefined;
      pause();
      doc.removeEventListener('keydown', onKey);
      win.removeEventListener('focus', onWinFocus);
      win.removeEventListener('blur', onWinBlur);
      (root as HTMLElement).removeAttribute('data-state');
      setTimeout(() => (root as HTMLElement).remove(), exit);
    }
    current = { root, close };

    root.addEventListener('mouseenter', pause);
    root.addEventListener('mouseleave', () => resume());
    root.addEventListener('focusin', pause);
    root.addEventListener('focusout', () => resume());
    root.querySelector('button')?.addEventListener('click', close);
    doc.addEventListener('keydown', onKey);
    win.addEventListener('focus', onWinFocus);
    win.addEventListener('blur', onWinBlur);
    resume(autoHide);

    // From the closed look, drawn once, to the open one: the CSS transition runs.
    void root.offsetHeight;
    root.setAttribute('data-state', 'open');
  };

  return { open, close: () => current?.close() };
}
