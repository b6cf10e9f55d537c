// The page script of a site counted by Plausible: its one page view per page
// load, and the not-found page's log (src/page-script/count.ts).
import { plausible } from '@/lib/beacon';
import { startCount } from '@/page-script/count';

startCount(plausible);
