import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { paths } from '@/config/paths';
import { analyticsFor } from '@/lib/analytics-config';
import { useLocation } from 'react-router-dom';
import { useMessages } from '@/i18n/react';
import { useLocalize } from '@/lib/languages';

/**
 * Asks before Google Analytics counts the visit, when site.yaml's GA4
 * setting says `consent: required` (docs/site.md §7). A labelled region,
 * not a dialog: the page stays usable around it. Prerendered hidden, so
 * without JavaScript (when nothing is loaded) nobody sees it; the page
 * script shows it until the visitor chooses (src/page-script/consent.ts).
 * Fixed at the bottom, over the page: showing it moves nothing. Accept and
 * Reject look the same.
 */
export function ConsentBar() {
  const a = analyticsFor(useLocation().pathname);
  const t = useMessages().site.consent;
  const loc = useLocalize();
  if (a?.provider !== 'ga4' || !a.consent) return null;
  return (
    <Box
      component="section"
      id="consent"
      aria-labelledby="consent-title"
      tabIndex={-1}
      hidden
      sx={{
        position: 'fixed',
        insetInline: 0,
        bottom: 0,
        zIndex: 'snackbar',
        bgcolor: 'background.paper',
        borderTop: 1,
        borderColor: 'divider',
        boxShadow: 8,
        py: 2,
        outline: 'none',
      }}
    >
      <Container maxWidth="lg">
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 1.5, md: 3 }} sx={{ alignItems: { md: 'center' } }}>
          <Box sx={{ flex: 1 }}>
            <Typography id="consent-title" component="h2" variant="subtitle2">
              {t.title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t.question}{' '}
              <Link href={loc(paths.privacy)} underline="always">
                {t.privacy}
              </Link>
            </Typography>
          </Box>
          <Stack direction="row" spacing={1.5}>
            <Button variant="outlined" data-consent="granted" sx={{ minWidth: 96 }}>
              {t.accept}
            </Button>
            <Button variant="outlined" data-consent="denied" sx={{ minWidth: 96 }}>
              {t.reject}
            </Button>
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}
