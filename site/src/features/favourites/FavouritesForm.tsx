import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Island } from '@/components/Island';
import { FavouritesFields } from '@/features/favourites/FavouritesFields';
import { PHOTOS_FIELD } from '@/features/favourites/form';
import type { GalleryImage, Project } from '@/generated/content';
import { useLocalize } from '@/lib/languages';
import { hostTitle, site } from '@/lib/content';
import { useMessages } from '@/i18n/react';

/**
 * A private gallery's favourites (docs/decisions/0080): a checkbox per
 * photo, named by its number and file name, then the client's name, email
 * and note. It posts natively; its island (src/islands/favourites.ts),
 * only on private pages, puts a heart (aria-pressed) on each tile of the
 * gallery and in the lightbox, and turns the checkboxes into a panel of the
 * picks, kept in the browser, sent "to <owner>" (decision 0098).
 */
export function FavouritesForm({ project, images }: { project: Project; images: readonly GalleryImage[] }) {
  const photos = images.flatMap((image, i) => (image.file ? [{ n: i + 1, file: image.file }] : []));
  const m = useMessages();
  const t = m.site.favourites;
  const loc = useLocalize();
  if (photos.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="favourites-heading" sx={{ mt: 8 }}>
      <Typography id="favourites-heading" variant="h2" component="h2" sx={{ fontSize: '1.75rem', mb: 1 }}>
        {t.heading}
      </Typography>
      <Typography sx={{ mb: 2, maxWidth: '68ch' }}>{t.intro}</Typography>
      <Island name="favourites" when={['visible', 'idle']} props={{ slug: project.slug, owner: site.name }}>
        <FavouritesFields project={hostTitle(project)} action={loc(project.link)} label={t.label} send={t.send}>
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <Typography component="legend" sx={{ fontWeight: 600, mb: 1 }}>
              {t.photos}
            </Typography>
            <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(14rem, 1fr))' }}>
              {photos.map(({ n, file }) => (
                <li key={file}>
                  <label data-favourite={file} data-n={n}>
                    <input type="checkbox" name={PHOTOS_FIELD} value={file} />
                    {` ${m.favourites.photo(n, file)}`}
                  </label>
                </li>
              ))}
            </Box>
          </Box>
        </FavouritesFields>
      </Island>
    </Box>
  );
}
