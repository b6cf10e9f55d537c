import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeading } from '@/components/PageHeading';
import { paths } from '@/config/paths';
import { useMessages } from '@/i18n/react';
import { useLocalize } from '@/lib/languages';

/** Where the contact form lands after a native post (no JavaScript): noindex, not in the sitemap. */
export function ContactSentPage() {
  const m = useMessages().site;
  const loc = useLocalize();
  const t = m.contactSent;
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 } }}>
      <PageHeading sx={{ fontSize: 'clamp(2rem, 6vw, 3rem)' }}>{t.title}</PageHeading>
      <Typography variant="subtitle1" sx={{ mt: 3 }}>
        {t.text}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 5 }}>
        <Button variant="contained" size="large" component={RouterLink} to={loc(paths.home)} startIcon={<ArrowBackIcon />}>
          {m.backHome}
        </Button>
        <Button variant="outlined" size="large" component={RouterLink} to={loc(paths.contact)}>
          {t.another}
        </Button>
      </Stack>
    </Container>
  );
}
