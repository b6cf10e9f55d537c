import MenuIcon from '@mui/icons-material/Menu';
import CloseIcon from '@mui/icons-material/Close';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { NavLink, Link as RouterLink } from 'react-router-dom';
import { LanguageSwitcher } from '@/app/LanguageSwitcher';
import { useLocalize } from '@/lib/languages';
import { paths } from '@/config/paths';
import { categories, site } from '@/lib/content';
import type { Messages } from '@/i18n';
import { useMessages } from '@/i18n/react';

/** The navigation's links, in order: About, Contact, then the categories. */
function navItems(t: Messages['site']['nav']) {
  return [
    { to: paths.about, label: t.about },
    { to: paths.contact, label: t.contact },
    ...categories().map((c) => ({ to: paths.category(c.slug), label: c.title })),
  ];
}

const linkSx = {
  color: 'text.primary',
  fontWeight: 500,
  borderRadius: 999,
  px: 1.75,
  '&.active': { color: 'primary.main', bgcolor: 'action.selected' },
} as const;

/** Text for screen readers only (the button's name). */
const srOnly = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

/**
 * The fixed top bar, static HTML (it never hydrates). From the md breakpoint
 * the links are in the bar; below it a toggle button opens them as a panel,
 * an HTML popover: the browser toggles it, closes it on Escape or a click
 * outside and gives focus back to the button, with no JavaScript. Choosing a
 * link loads a new document, where it is closed. The button's name and icon
 * follow the panel's state in CSS ("Open menu" / "Close menu"; the browser
 * exposes aria-expanded itself). The current route is highlighted and
 * marked aria-current="page" by the prerender.
 */
export function Navigation() {
  const t = useMessages().site.nav;
  const loc = useLocalize();
  return (
    <AppBar
      position="fixed"
      color="inherit"
      elevation={0}
      sx={{
        bgcolor: 'background.default',
        borderBottom: 1,
        borderColor: 'divider',
        backdropFilter: 'saturate(180%) blur(12px)',
        // The toggle shows what it will do.
        '& .when-open': { display: 'none' },
        '&:has(#mobile-menu:popover-open)': {
          '& .when-open': { display: 'inline-flex' },
          '& .when-closed': { display: 'none' },
        },
      }}
    >
      <Box component="nav" aria-label={t.label}>
        <Container maxWidth="lg">
          <Toolbar disableGutters sx={{ minHeight: { xs: 64 }, gap: 1 }}>
            <Link
              component={RouterLink}
              to={loc(paths.home)}
              underline="none"
              sx={{ fontFamily: 'h1.fontFamily', fontWeight: 600, fontSize: '1.25rem', color: 'text.primary', mr: 'auto' }}
            >
              {site.name}
            </Link>
            <Box component="ul" sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, listStyle: 'none', m: 0, p: 0 }}>
              {navItems(t).map((item) => (
                <li key={item.to}>
                  <Button component={NavLink} to={loc(item.to)} sx={linkSx}>
                    {item.label}
                  </Button>
                </li>
              ))}
            </Box>
            <LanguageSwitcher />
            <IconButton sx={{ display: { md: 'none' } }} popoverTarget="mobile-menu" aria-controls="mobile-menu" edge="end">
              <Box component="span" className="when-closed" sx={srOnly}>
                {t.openMenu}
              </Box>
              <Box component="span" className="when-open" sx={srOnly}>
                {t.closeMenu}
              </Box>
              <MenuIcon className="when-closed" />
              <CloseIcon className="when-open" />
            </IconButton>
            <Box
              id="mobile-menu"
              popover="auto"
              sx={{
                // Below the bar, across the window, as part of it.
                position: 'fixed',
                inset: '64px 0 auto 0',
                width: 'auto',
                m: 0,
                p: 0,
                border: 0,
                borderTop: 1,
                borderBottom: 1,
                borderColor: 'divider',
                bgcolor: 'background.default',
                color: 'text.primary',
                pb: 2,
                '&:not(:popover-open)': { display: 'none' },
                display: { md: 'none !important' },
              }}
            >
              <Container component="ul" sx={{ listStyle: 'none', m: 0, py: 1, px: 2 }}>
                {navItems(t).map((item) => (
                  <li key={item.to}>
                    <Button component={NavLink} to={loc(item.to)} fullWidth sx={{ ...linkSx, justifyContent: 'flex-start', py: 1.25, fontSize: '1.0625rem' }}>
                      {item.label}
                    </Button>
                  </li>
                ))}
              </Container>
            </Box>
          </Toolbar>
        </Container>
      </Box>
    </AppBar>
  );
}
