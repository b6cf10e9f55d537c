import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { HostFormFields } from '@/components/HostFormFields';
import { FAVOURITES_FORM, FORM_NAME_FIELD, HONEYPOT, PROJECT_FIELD } from '@/features/favourites/form';
import { useMessages } from '@/i18n/react';

interface Props {
  /** The project's title, sent with the list. */
  project: string;
  /** Where the form posts: the page it is on. */
  action: string;
  /** The form's accessible name. */
  label: string;
  /** The photos chosen: checkboxes, or one photo's hidden field. */
  children: ReactNode;
  /** The send button's text. */
  send: string;
}

/** A field holding text: its control, given a blank placeholder for the purpose, shows none. */
const filled = ':has(:is(input, textarea)[placeholder]:not(:placeholder-shown))';

/**
 * The fields' looks that MUI sets from React state, which a page that never
 * hydrates does not have (decision 0098): the label moves up onto the
 * outline once the field is focused or holds text, with or without
 * JavaScript, instead of lying under what the client typed; focus colours
 * the label and outline.
 */
const fieldLooks = {
  [`& .MuiFormControl-root:focus-within, & .MuiFormControl-root${filled}`]: {
    '& > label': { transform: 'translate(14px, -9px) scale(0.75)', maxWidth: 'calc(133% - 32px)' },
    '& legend': { maxWidth: '100%' },
  },
  '& .MuiFormControl-root:focus-within': {
    '& > label': { color: 'primary.main' },
    '& fieldset': { borderColor: 'primary.main', borderWidth: 2 },
  },
  '& .MuiFormControl-root:has([aria-invalid="true"])': {
    '& > label': { color: 'error.main' },
    '& fieldset': { borderColor: 'error.main' },
  },
} as const;

/**
 * A favourites form that posts without JavaScript (form-name, honeypot):
 * the photos, then the client's name, email and a note. `portfolio serve`
 * stores it where contact messages arrive; on Netlify the private
 * project's Edge Function checks it and keeps it in the Blobs store
 * `favourites`. Not a Netlify Forms form (no data-netlify): Netlify Forms
 * take a post to any path without the client's cookie (decision 0090).
 */
export function FavouritesFields({ project, action, label, children, send }: Props) {
  const t = useMessages().site.favourites;
  return (
    <Box component="form" name={FAVOURITES_FORM} method="post" action={action} aria-label={label} sx={fieldLooks}>
      <HostFormFields formName={FAVOURITES_FORM} nameField={FORM_NAME_FIELD} honeypot={HONEYPOT} />
      <input type="hidden" name={PROJECT_FIELD} value={project} />
      {children}
      <Stack spacing={2} sx={{ mt: 2, maxWidth: 560 }}>
        <TextField name="name" label={t.yourName} required slotProps={{ htmlInput: { maxLength: 100, placeholder: ' ' } }} />
        <TextField name="email" label={t.yourEmail} type="email" required slotProps={{ htmlInput: { maxLength: 255, placeholder: ' ' } }} />
        <TextField name="message" label={t.note} multiline rows={3} slotProps={{ htmlInput: { maxLength: 1000, placeholder: ' ' } }} />
      </Stack>
      <Button type="submit" variant="contained" sx={{ mt: 2 }}>
        {send}
      </Button>
    </Box>
  );
}
