import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import { HostFormFields } from '@/components/HostFormFields';
import { paths } from '@/config/paths';
import { fields, FORM_NAME, FORM_NAME_FIELD, HONEYPOT, LANGUAGE_FIELD, toastTimings, type Field, type ToastKind } from '@/features/contact/form';
import { limits } from '@/features/contact/validation';
import { useLang, useMessages } from '@/i18n/react';
import { multilingual, useLocalize } from '@/lib/languages';

const extra: Record<Field, object> = { name: {}, email: { type: 'email' }, message: { multiline: true, rows: 6 } };

const ignore = () => undefined;

/** One field as MUI draws it, idle and empty; its other looks are the form's CSS below. */
function ContactTextField({ name }: { name: Field }) {
  const t = useMessages().contact;
  const id = `contact-${name}`;
  return (
    <TextField
      id={id}
      name={name}
      label={t.fields[name]}
      defaultValue=""
      autoComplete="off"
      fullWidth
      data-field={name}
      slotProps={{
        htmlInput: {
          'aria-invalid': false,
          'aria-describedby': `${id}-error`,
          required: true,
          maxLength: limits[name],
        },
      }}
      {...extra[name]}
    />
  );
}

/** The message under a field: empty when there is none; the server or the island fills it. */
function ContactHelperText({ name }: { name: Field }) {
  return <FormHelperText id={`contact-${name}-error`} data-error-for={name} sx={{ mx: '14px', minHeight: '1.66em' }} />;
}

/**
 * A field's looks beyond the idle one, as MUI draws them (focused, label up,
 * in error), from what the browser and the island set in plain attributes,
 * so that the island needs to know nothing of MUI's classes:
 * - `:focus-within` on the field: the label and outline in the primary colour, the outline 2 px;
 * - `data-shrink="true"` on the label (the island: the field is focused or
 *   holds text, as MUI sets it), or focus: the label moves up onto the outline,
 *   which opens a gap for it;
 * - `aria-invalid="true"` on the control (the island, or the server after a
 *   native post): the label and outline in the error colour, over focus.
 */
const fieldLooks = (theme: Theme) => {
  const { create, easing } = theme.transitions;
  return {
    '& [data-field]': {
      '&:focus-within, &:has(> label[data-shrink="true"])': {
        // MUI's outlined label, shrunk, and the gap its outline opens for it.
        '& > label': { transform: 'translate(14px, -9px) scale(0.75)', maxWidth: 'calc(133% - 32px)', userSelect: 'none', pointerEvents: 'auto' },
        '& legend': { maxWidth: '100%', transition: create('max-width', { duration: 100, easing: easing.easeOut, delay: 50 }) },
      },
      '&:focus-within': {
        '& > label': { color: 'primary.main' },
        '& fieldset': { borderColor: 'primary.main', borderWidth: 2 },
      },
      '&:has([aria-invalid="true"])': {
        '& > label': { color: 'error.main' },
        '& fieldset': { borderColor: 'error.main' },
      },
    },
    // The messages under the fields are only ever errors.
    '& [data-error-for]': { color: 'error.main' },
  };
};

/** The button while the message is being sent (the island disables it): MUI's disabled look. */
const sendingLook = {
  '&:disabled': { color: 'action.disabled', bgcolor: 'action.disabledBackground', boxShadow: 'none', pointerEvents: 'none', cursor: 'default' },
};

function SendButton() {
  const t = useMessages().contact;
  return (
    <Button type="submit" variant="contained" size="large" sx={{ mt: 2, ...sendingLook }}>
      {t.send}
    </Button>
  );
}

/**
 * A toast: MUI's Alert at the bottom centre of the window, where MUI's
 * Snackbar puts it (`toastPlace`), coming in and going as MUI's Grow does
 * (`toastGrowth`): the island opens it with `data-state="open"` on its root
 * and closes it by taking that away, with the timings of `toastTimings`.
 */
const toastPlace = (theme: Theme) => ({
  position: 'fixed',
  zIndex: 'snackbar',
  display: 'flex',
  justifyContent: 'center',
  alignItems: 'center',
  left: 8,
  right: 8,
  bottom: 8,
  [theme.breakpoints.up('sm')]: { bottom: 24, left: '50%', right: 'auto', transform: 'translateX(-50%)' },
});

const toastGrowth = (theme: Theme) => {
  const { enter, exit } = toastTimings;
  const { create, easing } = theme.transitions;
  const ease = easing.easeInOut;
  // Grow's start: scaled to 3/4 across and (3/4)² down; its transform takes two thirds of the time.
  return {
    opacity: 0,
    transform: 'scale(0.75, 0.5625)',
    transition: `${create('opacity', { duration: exit, easing: ease })},${create('transform', { duration: Math.round(exit * 0.666), easing: ease, delay: Math.round(exit * 0.333) })}`,
    '[data-state="open"] > &': {
      opacity: 1,
      transform: 'none',
      transition: `${create('opacity', { duration: enter, easing: ease })},${create('transform', { duration: Math.round(enter * 0.666), easing: ease })}`,
    },
  };
};

function ContactToast({ kind }: { kind: ToastKind }) {
  const t = useMessages().contact;
  return (
    <Box sx={toastPlace}>
      {/* Its own element, so that the Alert's CSS stays MUI's own and is not written again with the growth. */}
      <Box sx={toastGrowth}>
        <Alert
          severity={kind === 'failure' ? 'error' : 'success'}
          variant="filled"
          onClose={ignore}
          closeText={t.close}
          role={kind === 'failure' ? 'alert' : 'status'}
        >
          {kind === 'failure' ? t.failed : t.sent}
        </Alert>
      </Box>
    </Box>
  );
}

/**
 * The contact form (docs/site.md §4, §5, §7, §8), as static markup rendered at
 * build time: without JavaScript it posts natively (the form contract,
 * docs/decisions/0005-the-contact-form-works-without-javascript.md); its
 * island (src/islands/contact.ts) then adds docs/site.md §5's validation, the
 * fetch and the toasts, with no React in the browser.
 * The toasts wait in `<template>` elements, inert until the island clones one.
 */
export function ContactForm() {
  const t = useMessages().contact;
  const lang = useLang();
  const loc = useLocalize();
  return (
    <Box
      component="form"
      name={FORM_NAME}
      method="post"
      action={loc(paths.contactSent)}
      data-netlify="true"
      netlify-honeypot={HONEYPOT}
      aria-label={t.label}
      sx={fieldLooks}
    >
      <HostFormFields formName={FORM_NAME} nameField={FORM_NAME_FIELD} honeypot={HONEYPOT} />
      {multilingual && <input type="hidden" name={LANGUAGE_FIELD} value={lang} />}
      <Stack spacing={1}>
        {fields.map((name) => (
          <div key={name}>
            <ContactTextField name={name} />
            <ContactHelperText name={name} />
          </div>
        ))}
      </Stack>
      <Box data-form-status="" sx={{ color: 'error.main', typography: 'body2', '&:empty': { display: 'none' }, mt: 1 }} />
      <SendButton />
      {(['success', 'failure'] as const).map((kind) => (
        <template key={kind} data-contact-toast={kind}>
          <ContactToast kind={kind} />
        </template>
      ))}
    </Box>
  );
}
