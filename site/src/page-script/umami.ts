// The page script of a site counted by Umami: its one page view per page
// load, and the not-found page's log (src/page-script/count.ts).
import { umami } from '@/lib/beacon';
import { startCount } from '@/page-script/count';

startCount(umami);
