import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FORM_NAME, submitContact } from '@/features/contact/submit';
import { limits, validate, type ContactErrors, type ContactValues } from '@/features/contact/validation';

const empty: ContactValues = { name: '', email: '', message: '' };
export const fields = ['name', 'email', 'message'] as const;

type Status = 'idle' | 'submitting' | 'success' | 'failure';

/** What the form holds when it hydrates (see src/islands/contact.tsx). */
export interface ContactInitial {
  values: ContactValues;
  errors: ContactErrors;
  /** The form's status line, as the server wrote it ("Please correct the fields below."). */
  notice?: string;
}

/** Where the browser posts the form without JavaScript (the host's form handling; see the form contract in README.md's design notes). */
export const SENT_PATH = '/contact/sent/';

/**
 * The contact form (SPEC.md §4, §5, §7, §8). Validation runs on submit, then
 * on every change; errors sit under their fields, tied to them for screen
 * readers, and focus goes to the first invalid field. On failure the
 * visitor's text stays; on success the form is cleared.
 */
export function ContactForm({ initial }: { initial?: ContactInitial }) {
  const [values, setValues] = useState<ContactValues>(initial?.values ?? empty);
  const [errors, setErrors] = useState<ContactErrors>(initial?.errors ?? {});
  // Messages the server wrote after a native post count as a first submit.
  const [submitted, setSubmitted] = useState(Object.keys(initial?.errors ?? {}).length > 0);
  const [status, setStatus] = useState<Status>('idle');
  const [notice, setNotice] = useState(initial?.notice ?? '');
  // The prerendered form validates natively (required, maxlength) for a
  // browser without JavaScript; once hydrated, SPEC's own rules and messages
  // take over.
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const refs = useRef<Partial<Record<keyof ContactValues, HTMLInputElement | HTMLTextAreaElement | null>>>({});

  const change = (field: keyof ContactValues) => (e: { target: { value: string } }) => {
    const next = { ...values, [field]: e.target.value };
    setValues(next);
    if (submitted) setErrors(validate(next));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    setNotice('');
    const found = validate(values);
    setErrors(found);
    const firstInvalid = fields.find((f) => found[f]);
    if (firstInvalid) {
      refs.current[firstInvalid]?.focus();
      return;
    }
    setStatus('submitting');
    try {
      await submitContact(values);
      setValues(empty);
      setSubmitted(false);
      setStatus('success');
    } catch {
      setStatus('failure');
    }
  };

  const field = (name: keyof ContactValues, label: string, extra: object = {}) => {
    const error = errors[name];
    const id = `contact-${name}`;
    return (
      <div>
        <TextField
          id={id}
          name={name}
          label={label}
          value={values[name]}
          onChange={change(name)}
          // MUI's error classes only once hydrated: a form the server filled
          // has the messages and aria-invalid, not the classes (its static
          // CSS draws the error state), and hydration must match it.
          error={enhanced && Boolean(error)}
          autoComplete="off"
          fullWidth
          inputRef={(el: HTMLInputElement | HTMLTextAreaElement | null) => {
            refs.current[name] = el;
          }}
          slotProps={{
            htmlInput: {
              'aria-invalid': Boolean(error),
              'aria-describedby': `${id}-error`,
              required: true,
              maxLength: enhanced ? undefined : limits[name],
            },
          }}
          {...extra}
        />
        {/* Empty when there is no error; the server fills it after a native post. */}
        <FormHelperText id={`${id}-error`} data-error-for={name} error={enhanced && Boolean(error)} sx={{ mx: '14px', minHeight: '1.66em' }}>
          {error ?? ''}
        </FormHelperText>
      </div>
    );
  };

  return (
    <Box
      component="form"
      name={FORM_NAME}
      method="post"
      action={SENT_PATH}
      data-netlify="true"
      netlify-honeypot="bot-field"
      noValidate={enhanced}
      onSubmit={onSubmit}
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
      <input type="hidden" name="form-name" value={FORM_NAME} />
      <Box aria-hidden="true" sx={{ position: 'absolute', left: -10000, width: 1, height: 1, overflow: 'hidden' }}>
        <label>
          Leave this field empty
          <input name="bot-field" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </Box>
      <Stack spacing={1}>
        {field('name', 'Name')}
        {field('email', 'Email', { type: 'email' })}
        {field('message', 'Message', { multiline: true, rows: 6 })}
      </Stack>
      <Box data-form-status="" role={notice ? 'alert' : undefined} sx={{ color: 'error.main', typography: 'body2', '&:empty': { display: 'none' }, mt: 1 }}>
        {notice}
      </Box>
      <Button type="submit" variant="contained" size="large" disabled={status === 'submitting'} sx={{ mt: 2 }}>
        {status === 'submitting' ? 'Sending...' : 'Send Message'}
      </Button>
      <Snackbar
        open={status === 'success' || status === 'failure'}
        autoHideDuration={6000}
        onClose={(_, reason) => reason !== 'clickaway' && setStatus('idle')}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          severity={status === 'failure' ? 'error' : 'success'}
          variant="filled"
          onClose={() => setStatus('idle')}
          role={status === 'failure' ? 'alert' : 'status'}
        >
          {status === 'failure' ? 'Failed to send message. Please try again.' : 'Message sent successfully!'}
        </Alert>
      </Snackbar>
    </Box>
  );
}
