import Box from '@mui/material/Box';
import CssBaseline from '@mui/material/CssBaseline';
import Link from '@mui/material/Link';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { ConsentBar } from '@/app/ConsentBar';
import { Footer } from '@/app/Footer';
import { Navigation } from '@/app/Navigation';
import { useMessages } from '@/i18n/react';

/**
 * What every route shares: skip link, navigation, main landmark, footer.
 * Rendered at build time only: a route change is a new document, so the
 * browser scrolls, focuses and titles it; analytics is plain code
 * (src/page-script/).
 */
export function Layout() {
  const t = useMessages().site;
  return (
    <>
      <CssBaseline />
      <Link
        href="#main"
        sx={{
          position: 'absolute',
          left: 16,
          top: -64,
          zIndex: 'tooltip',
          bgcolor: 'background.paper',
          color: 'primary.main',
          px: 2,
          py: 1,
          borderRadius: 1,
          boxShadow: 3,
          '&:focus': { top: 12 },
        }}
      >
        {t.skipLink}
      </Link>
      <ConsentBar />
      <Navigation />
      <Box component="main" id="main" tabIndex={-1} sx={{ pt: { xs: 8 }, outline: 'none', minHeight: '70vh' }}>
        {/* Only a page never loaded before suspends, inside the navigation's transition. */}
        <Suspense>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
    </>
  );
}
