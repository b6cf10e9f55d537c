// What the favourites form's markup (FavouritesForm.tsx, PhotoFavourite.tsx)
// and its island (src/islands/favourites.ts) share: the names a post
// carries, as the host's form handling and `portfolio serve` read them
// (cli/internal/contact/favourites.go has the Go side). Nothing here
// imports React. See docs/decisions/0080-private-client-work.md.
export const FAVOURITES_FORM = 'favourites';
export const FORM_NAME_FIELD = 'form-name';
export const HONEYPOT = 'bot-field';
export const PROJECT_FIELD = 'project';
export const PHOTOS_FIELD = 'photos';
