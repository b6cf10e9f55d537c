import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useRef, useState, type FormEvent } from 'react';
import { FORM_NAME, submitContact } from '@/features/contact/submit';
import { validate, type ContactErrors, type ContactValues } from '@/features/contact/validation';

const empty: ContactValues = { name: '', email: '', message: '' };
const fields = ['name', 'email', 'message'] as const;

type Status = 'idle' | 'submitting' | 'success' | 'failure';

/**
 * The contact form (SPEC.md §4, §5, §7, §8). Validation runs on submit, then
 * on every change; errors sit under their fields, tied to them for screen
 * readers, and focus goes to the first invalid field. On failure the
 * visitor's text stays; on success the form is cleared.
 */
export function ContactForm() {
  const [values, setValues] = useState<ContactValues>(empty);
  const [errors, setErrors] = useState<ContactErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [status, setStatus] = useState<Status>('idle');
  const refs = useRef<Partial<Record<keyof ContactValues, HTMLInputElement | HTMLTextAreaElement | null>>>({});

  const change = (field: keyof ContactValues) => (e: { target: { value: string } }) => {
    const next = { ...values, [field]: e.target.value };
    setValues(next);
    if (submitted) setErrors(validate(next));
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
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
    return (
      <TextField
        name={name}
        label={label}
        value={values[name]}
        onChange={change(name)}
        error={Boolean(error)}
        helperText={error ?? ' '}
        autoComplete="off"
        fullWidth
        inputRef={(el: HTMLInputElement | HTMLTextAreaElement | null) => {
          refs.current[name] = el;
        }}
        slotProps={{ htmlInput: { 'aria-invalid': Boolean(error) } }}
        {...extra}
      />
    );
  };

  return (
    <Box component="form" name={FORM_NAME} method="post" noValidate onSubmit={onSubmit} aria-label="Contact">
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
