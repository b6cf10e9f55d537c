import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeading } from '@/components/PageHeading';
import { paths } from '@/config/paths';
import { useMessages } from '@/i18n/react';
import { useLocalize } from '@/lib/languages';

/** The not-found page; src/page-script/not-found.ts logs the missing path (it finds the page by data-not-found). */
export function NotFoundPage() {
  const t = useMessages().site.notFound;
  const loc = useLocalize();
  return (
    <Container maxWidth="sm" data-not-found="" sx={{ py: { xs: 10, md: 16 }, textAlign: 'center' }}>
      <PageHeading sx={{ fontSize: 'clamp(4rem, 14vw, 7rem)', color: 'primary.main' }}>404</PageHeading>
      <Typography variant="h3" component="p" sx={{ mt: 2 }}>
        {t.text}
      </Typography>
      <Button variant="contained" size="large" component={RouterLink} to={loc(paths.home)} sx={{ mt: 5 }}>
        {t.home}
      </Button>
    </Container>
  );
}
