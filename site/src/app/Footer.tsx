import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SocialLinks } from '@/components/SocialLinks';
import { site } from '@/lib/content';

export function Footer() {
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', mt: { xs: 8, md: 12 }, py: 5 }}>
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
          © <span suppressHydrationWarning>{new Date().getFullYear()}</span> {site.name}. All rights reserved.
        </Typography>
      </Container>
    </Box>
  );
}
