import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeading } from '@/components/PageHeading';
import { paths } from '@/config/paths';

/** Where the contact form lands after a native post (no JavaScript): noindex, not in the sitemap. */
export function ContactSentPage() {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 } }}>
      <PageHeading sx={{ fontSize: 'clamp(2rem, 6vw, 3rem)' }}>Message sent successfully!</PageHeading>
      <Typography variant="subtitle1" sx={{ mt: 3 }}>
        Thank you for getting in touch. Your message has been received, and you will hear back soon.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 5 }}>
        <Button variant="contained" size="large" component={RouterLink} to={paths.home} startIcon={<ArrowBackIcon />}>
          Back to Home
        </Button>
        <Button variant="outlined" size="large" component={RouterLink} to={paths.contact}>
          Send another message
        </Button>
      </Stack>
    </Container>
  );
}
