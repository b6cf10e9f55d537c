import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SocialLinks } from '@/components/SocialLinks';
import { paths } from '@/config/paths';
import { analyticsFor } from '@/lib/analytics-config';
import { site } from '@/lib/content';
import { useLocation } from 'react-router-dom';
import { useMessages } from '@/i18n/react';
import { useLocalize } from '@/lib/languages';

export function Footer() {
  const a = analyticsFor(useLocation().pathname);
  const t = useMessages().site.footer;
  const loc = useLocalize();
  return (
    // Below the first screen on most pages: laid out only near the viewport
    // (until then it holds 180 px, about its content's height on a phone).
    <Box
      component="footer"
      sx={{ borderTop: 1, borderColor: 'divider', mt: { xs: 8, md: 12 }, py: 5, contentVisibility: 'auto', containIntrinsicHeight: 'auto 180px' }}
    >
      <Container maxWidth="lg">
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
          <div>
            <Typography component="p" variant="h4">
              {site.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {site.taglines.role}
            </Typography>
          </div>
          <SocialLinks />
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 4 }}>
          {t.rights(<span suppressHydrationWarning>{new Date().getFullYear()}</span>, site.name)}{' '}
          {/* The links keep a gap of their own: two underlined links side by side read as one. */}
          <Link href={loc(paths.privacy)} underline="always" sx={{ ml: 1.5 }}>
            {t.privacy}
          </Link>
          {a?.provider === 'ga4' && a.consent && (
            <>
              {' '}
              {/* Shown by the consent script (src/page-script/consent.ts): without it there is nothing to set. Invisible, not absent, until then: its place is kept, so showing it moves nothing. */}
              <Link component="button" type="button" data-consent-open sx={{ typography: 'body2', verticalAlign: 'baseline', visibility: 'hidden', ml: 1.5 }}>
                {t.settings}
              </Link>
            </>
          )}
        </Typography>
      </Container>
    </Box>
  );
}
