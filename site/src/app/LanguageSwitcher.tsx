import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { autonyms } from '@/i18n/lang';
import { useLang, useMessages } from '@/i18n/react';
import { localize, multilingual, siteLanguages, unlocalize } from '@/lib/languages';

/**
 * The header's language switcher, on a site in several languages only
 * (decision 0116): a plain link to this page in each other language (its
 * home from the not-found page, which has no twin), named in that language
 * and marked with it (`lang`, `hreflang`). It works without JavaScript and
 * remembers nothing: no cookie, no storage; the address is the language.
 */
export function LanguageSwitcher() {
  const lang = useLang();
  const { pathname } = useLocation();
  const t = useMessages().site.nav;
  if (!multilingual) return null;
  const route = unlocalize(pathname).path;
  const twin = route === paths.notFound ? paths.home : route;
  return (
    <Box component="ul" aria-label={t.languages} sx={{ display: 'flex', gap: 0.5, listStyle: 'none', m: 0, ml: { md: 1 }, p: 0 }}>
      {siteLanguages
        .filter((l) => l !== lang)
        .map((l) => (
          <li key={l}>
            <Button
              href={localize(twin, l)}
              lang={l}
              hrefLang={l}
              sx={{ color: 'text.primary', fontWeight: 500, borderRadius: 999, px: 1.75, textTransform: 'none' }}
            >
              {autonyms[l]}
            </Button>
          </li>
        ))}
    </Box>
  );
}
