import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { paths } from '@/config/paths';
import { fields, FORM_NAME, FORM_NAME_FIELD, HONEYPOT, type Field, type ToastKind } from '@/features/contact/form';
import { limits } from '@/features/contact/validation';

const labels: Record<Field, string> = { name: 'Name', email: 'Email', message: 'Message' };
const extra: Record<Field, object> = { name: {}, email: { type: 'email' }, message: { multiline: true, rows: 6 } };

const ignore = () => undefined;

/**
 * One field as MUI draws it. `state` forces a look for the build-time table
 * of states (states.tsx); the page itself renders the idle, empty field.
 */
export function ContactTextField({ name, state }: { name: Field; state?: { focused: boolean; filled: boolean; error: boolean } }) {
  const id = `contact-${name}`;
  return (
    <TextField
      id={id}
      name={name}
      label={labels[name]}
      {...(state ? { value: state.filled ? 'x' : '', onChange: ignore, focused: state.focused || undefined } : { defaultValue: '' })}
      error={state?.error ?? false}
      autoComplete="off"
      fullWidth
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
export function ContactHelperText({ name, error = false }: { name: Field; error?: boolean }) {
  return <FormHelperText id={`contact-${name}-error`} data-error-for={name} error={error} sx={{ mx: '14px', minHeight: '1.66em' }} />;
}

export function SendButton({ sending = false }: { sending?: boolean }) {
  return (
    <Button type="submit" variant="contained" size="large" disabled={sending} sx={{ mt: 2 }}>
      {sending ? 'Sending...' : 'Send Message'}
    </Button>
  );
}

/** A toast as MUI's Snackbar and Alert draw it, open (the island animates it in). */
export function ContactToast({ kind }: { kind: ToastKind }) {
  return (
    <Snackbar open autoHideDuration={6000} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
      <Alert severity={kind === 'failure' ? 'error' : 'success'} variant="filled" onClose={ignore} role={kind === 'failure' ? 'alert' : 'status'}>
        {kind === 'failure' ? 'Failed to send message. Please try again.' : 'Message sent successfully!'}
      </Alert>
    </Snackbar>
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
  return (
    <Box
      component="form"
      name={FORM_NAME}
      method="post"
      action={paths.contactSent}
      data-netlify="true"
      netlify-honeypot={HONEYPOT}
      aria-label="Contact"
      sx={{
        // A server-filled form (no JavaScript) looks like MUI's error state.
        '& [data-error-for]': { color: 'error.main' },
        '& .MuiFormControl-root:has([aria-invalid="true"])': {
          '& .MuiInputLabel-root': { color: 'error.main' },
          '& .MuiOutlinedInput-notchedOutline': { borderColor: 'error.main' },
        },
      }}
    >
      <input type="hidden" name={FORM_NAME_FIELD} value={FORM_NAME} />
      <Box aria-hidden="true" sx={{ position: 'absolute', left: -10000, width: 1, height: 1, overflow: 'hidden' }}>
        <label>
          Leave this field empty
          <input name={HONEYPOT} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </Box>
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
