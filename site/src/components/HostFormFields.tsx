import Box from '@mui/material/Box';
import { useMessages } from '@/i18n/react';

interface Props {
  /** The form's name, as the host's form handling and `portfolio serve` read it. */
  formName: string;
  /** The field that carries it ("form-name"). */
  nameField: string;
  /** The spam honeypot's name ("bot-field"): a person leaves it empty. */
  honeypot: string;
}

/**
 * The two fields a form posted to the host's form handling carries besides
 * its own (docs/decisions/0005): its name, hidden, and a honeypot kept out
 * of sight and out of the accessibility tree.
 */
export function HostFormFields({ formName, nameField, honeypot }: Props) {
  const t = useMessages().site;
  return (
    <>
      <input type="hidden" name={nameField} value={formName} />
      <Box aria-hidden="true" sx={{ position: 'absolute', left: -10000, width: 1, height: 1, overflow: 'hidden' }}>
        <label>
          {t.honeypot}
          <input name={honeypot} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </Box>
    </>
  );
}
