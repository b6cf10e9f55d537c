import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { Island } from '@/components/Island';
import { PageHeading } from '@/components/PageHeading';
import { paths } from '@/config/paths';
import { ContactForm } from '@/features/contact/ContactForm';
import { site } from '@/lib/content';
import { useMessages } from '@/i18n/react';
import { useLocalize } from '@/lib/languages';

export function ContactPage() {
  const t = useMessages().site;
  const loc = useLocalize();
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 } }}>
      <Box component="header">
        <Button component={RouterLink} to={loc(paths.home)} startIcon={<ArrowBackIcon />} sx={{ ml: -1.5, mb: 3 }}>
          {t.backHome}
        </Button>
        <PageHeading>{site.contact.title}</PageHeading>
      </Box>
      <Box component="section" id="contact" aria-labelledby="contact-heading" sx={{ mt: 5 }}>
        <Typography id="contact-heading" variant="h2" sx={{ mb: 1 }}>
          {site.contact.heading}
        </Typography>
        <Typography variant="subtitle1" color="text.secondary" sx={{ mb: 4 }}>
          {site.contact.intro}
        </Typography>
        {/* Hydrated when it comes near the viewport or the browser is idle; it posts natively before that. */}
        <Island name="contact" when={['visible', 'idle']}>
          <ContactForm />
        </Island>
      </Box>
    </Container>
  );
}
