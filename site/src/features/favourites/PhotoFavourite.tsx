import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { FavouritesFields } from '@/features/favourites/FavouritesFields';
import { PHOTOS_FIELD } from '@/features/favourites/form';
import type { GalleryImage, Project } from '@/generated/content';
import { useMessages } from '@/i18n/react';
import { hostTitle } from '@/lib/content';

/**
 * A private photo page's own "add to favourites" post (docs/decisions/0080):
 * works without JavaScript, one photo at a time.
 */
export function PhotoFavourite({ project, image, action }: { project: Project; image: GalleryImage; action: string }) {
  const t = useMessages().site.favourites;
  if (!image.file) return null;
  return (
    <Box component="section" aria-labelledby="favourite-heading" sx={{ mt: 6 }}>
      <Typography id="favourite-heading" variant="h2" component="h2" sx={{ fontSize: '1.5rem', mb: 1 }}>
        {t.addHeading(image.file)}
      </Typography>
      <FavouritesFields project={hostTitle(project)} action={action} label={t.addLabel(image.file)} send={t.add}>
        <input type="hidden" name={PHOTOS_FIELD} value={image.file} />
      </FavouritesFields>
    </Box>
  );
}
