// Entry of the islands loader (see loader.ts): the registry of every island
// the site has. Each import is its own chunk, fetched only when its island
// is triggered; nothing here pulls React.
import { startIslands } from '@/islands/loader';

startIslands(document, {
  contact: () => import('@/islands/contact'),
  favourites: () => import('@/islands/favourites'),
  lightbox: () => import('@/islands/lightbox'),
});
