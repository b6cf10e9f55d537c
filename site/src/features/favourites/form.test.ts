import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FAVOURITES_FORM, FORM_NAME_FIELD, HONEYPOT, PHOTOS_FIELD, PROJECT_FIELD } from '@/features/favourites/form';
import { MAX_PICKS } from '@/features/favourites/picks';

// The favourites form's names and its limit as Go spells them once
// (cli/internal/contact, written into the vectors by `go test
// ./cli/internal/privateaccess -update`): the site posts what serve and the
// Edge Function read (issue 53).
const vectors = JSON.parse(
  readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../cli/internal/privateaccess/testdata/vectors.json'), 'utf8'),
) as {
  constants: { favourites: { fields: Record<string, string>; limits: Record<string, number> } };
};
const { fields, limits } = vectors.constants.favourites;

describe('the favourites form', () => {
  it('posts the names the server reads', () => {
    expect({ form: FAVOURITES_FORM, formName: FORM_NAME_FIELD, honeypot: HONEYPOT, project: PROJECT_FIELD, photos: PHOTOS_FIELD }).toEqual({
      form: fields.form,
      formName: fields.formName,
      honeypot: fields.honeypot,
      project: fields.project,
      photos: fields.photos,
    });
  });

  it('keeps at most as many picks as a post may carry', () => {
    expect(MAX_PICKS).toBe(limits.photos);
  });
});
