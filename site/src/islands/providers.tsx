import { CacheProvider } from '@emotion/react';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { createEmotionCache } from '@/theme/emotion';
import { theme } from '@/theme/theme';

// A prop of the CSS-variables ThemeProvider its types only list when the
// theme type is augmented.
const noStyleSheet = { disableStyleSheetGeneration: true } as object;

/**
 * The theme inside an island. The page's static style sheet already holds
 * the theme's CSS variables for both schemes: the island only reads them.
 */
export function IslandProviders({ children }: { children: ReactNode }) {
  return (
    <CacheProvider value={createEmotionCache()}>
      {/* No style sheet (the page has it) and no stored mode (the page follows the system). */}
      <ThemeProvider theme={theme} defaultMode="system" noSsr storageManager={null} {...noStyleSheet}>
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}
