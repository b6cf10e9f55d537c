import MenuIcon from '@mui/icons-material/Menu';
import CloseIcon from '@mui/icons-material/Close';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { useEffect, useRef, useState } from 'react';
import { NavLink, Link as RouterLink, useLocation } from 'react-router-dom';
import { navCategories, paths } from '@/config/paths';
import { categoryPage, site } from '@/lib/content';

/** The navigation's links, in order: About, Contact, then the categories. */
function navItems() {
  return [
    { to: paths.about, label: 'About' },
    { to: paths.contact, label: 'Contact' },
    ...navCategories.map((page) => ({ to: paths.category(page), label: categoryPage(page).title })),
  ];
}

const linkSx = {
  color: 'text.primary',
  fontWeight: 500,
  borderRadius: 999,
  px: 1.75,
  '&.active': { color: 'primary.main', bgcolor: 'action.selected' },
} as const;

/**
 * The fixed top bar. From the md breakpoint the links are in the bar; below
 * it a toggle button opens them as a panel, which closes once a link is
 * chosen (and on Escape).
 */
export function Navigation() {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    // Escape closes the menu and gives focus back to its button, so focus
    // never stays on a link that is now hidden.
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      toggle.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

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
      }}
    >
      <Box component="nav" aria-label="Main">
      <Container maxWidth="lg">
        <Toolbar disableGutters sx={{ minHeight: { xs: 64 }, gap: 1 }}>
          <Link
            component={RouterLink}
            to={paths.home}
            underline="none"
            sx={{ fontFamily: 'h1.fontFamily', fontWeight: 600, fontSize: '1.25rem', color: 'text.primary', mr: 'auto' }}
          >
            {site.name}
          </Link>
          <Box component="ul" sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, listStyle: 'none', m: 0, p: 0 }}>
            {navItems().map((item) => (
              <li key={item.to}>
                <Button component={NavLink} to={item.to} sx={linkSx}>
                  {item.label}
                </Button>
              </li>
            ))}
          </Box>
          <IconButton
            ref={toggle}
            sx={{ display: { md: 'none' } }}
            aria-label={open ? 'Close menu' : 'Open menu'}
            aria-expanded={open}
            aria-controls="mobile-menu"
            onClick={() => setOpen((o) => !o)}
            edge="end"
          >
            {open ? <CloseIcon /> : <MenuIcon />}
          </IconButton>
        </Toolbar>
      </Container>
      <Box
        id="mobile-menu"
        hidden={!open}
        sx={{ display: { md: 'none' }, borderTop: 1, borderColor: 'divider', pb: 2 }}
      >
        <Container component="ul" sx={{ listStyle: 'none', m: 0, py: 1, px: 2 }}>
          {navItems().map((item) => (
            <li key={item.to}>
              <Button
                component={NavLink}
                to={item.to}
                fullWidth
                onClick={() => setOpen(false)}
                sx={{ ...linkSx, justifyContent: 'flex-start', py: 1.25, fontSize: '1.0625rem' }}
              >
                {item.label}
              </Button>
            </li>
          ))}
        </Container>
      </Box>
      </Box>
    </AppBar>
  );
}
