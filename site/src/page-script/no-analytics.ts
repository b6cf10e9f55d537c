// The page script of a site that counts no visits (provider none, or
// VITE_ANALYTICS=off): only the not-found page loads it, for its log of the
// missing path. Nothing of any analytics provider is in it
// (scripts/page-scripts.mjs builds only the chosen provider's script).
import { logNotFound } from '@/page-script/not-found';

logNotFound();
