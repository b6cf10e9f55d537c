// The page script of a site counted by GoatCounter: its one page view per page
// load, and the not-found page's log (src/page-script/count.ts).
import { goatcounter } from '@/lib/beacon';
import { startCount } from '@/page-script/count';

startCount(goatcounter);
