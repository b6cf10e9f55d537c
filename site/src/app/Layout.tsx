import Box from '@mui/material/Box';
import CssBaseline from '@mui/material/CssBaseline';
import Link from '@mui/material/Link';
import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Footer } from '@/app/Footer';
import { Navigation } from '@/app/Navigation';
import { initAnalytics, trackPageView } from '@/lib/analytics';
import { site } from '@/lib/content';
import { pageMeta } from '@/lib/seo';

const analyticsId = import.meta.env.VITE_ANALYTICS === 'off' ? undefined : site.measurementId;

/**
 * What every route shares: skip link, navigation, main landmark, footer; and
 * what a route change does: scroll to the top, set the document title, move
 * focus to the new page's main heading (not on the first load, where the
 * browser's own focus is right), and record one page view.
 */
export function Layout() {
  const location = useLocation();
  const shown = useRef<string | undefined>(undefined); // the route on screen

  useEffect(() => {
    if (analyticsId) initAnalytics(analyticsId);
  }, []);

  // A route change is a new path (or query): a fragment change on the same
  // page, such as the skip link, is not one.
  const route = location.pathname + location.search;
  useEffect(() => {
    const meta = pageMeta(location.pathname);
    document.title = meta.title;
    // An effect that runs again for the route already shown (React's
    // development checks) does nothing: one page view per route change.
    if (shown.current === route) return;
    // Not on the first load, where the browser's own scroll and focus are right.
    if (shown.current !== undefined) {
      window.scrollTo(0, 0);
      document.querySelector<HTMLElement>('main h1')?.focus({ preventScroll: true });
    }
    shown.current = route;
    if (analyticsId) trackPageView(route, meta.title);
  }, [route]);

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
        Skip to content
      </Link>
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
