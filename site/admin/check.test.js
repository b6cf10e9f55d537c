// The editor's save check (check.js) on the real schemas, compiled by Ajv
// as scripts/admin.mjs compiles them (here at run time).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import addErrors from 'ajv-errors';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { emptyPaths, imageFormat, problems, withoutEmpty } from './check.js';

const schema = (name) => JSON.parse(readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'schema', `${name}.schema.json`), 'utf8'));
const schemas = { project: schema('project'), site: schema('site') };
const ajv = new Ajv2020({ allErrors: true, strict: true });
addFormats(ajv);
addErrors(ajv);
ajv.addKeyword('x-moved');
// What a translation file may give (decision 0115); the check reads the default file.
ajv.addKeyword('x-translatable');
ajv.addKeyword('x-translation-key');
const validators = { project: ajv.compile(schemas.project), site: ajv.compile(schemas.site) };
const facts = {
  categories: ['graphics', 'web-design'],
  imageExtensions: ['.jpg', '.jpeg', '.png', '.webp'],
  videoExtensions: ['.mp4', '.m4v', '.webm'],
  maxImageBytes: 256 * 2 ** 20,
};
const project = {
  title: 'Harbour Lights',
  subtitle: 'Night photographs',
  description: 'A series.',
  role: 'Photographer',
  skills: ['Photography'],
  category: 'Photography',
  page: 'graphics',
  cover: 'cover.jpg',
  body: [{ type: 'gallery', texts: [{ file: '01.jpg', alt: 'The harbour at night' }] }],
};
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
const text = new TextEncoder().encode('hello, world');
const check = (data, uploads = []) => problems({ collection: 'projects', data, uploads, validators, schemas, facts });

describe('problems', () => {
  it('passes a valid project with a real image', () => {
    expect(check(project, [{ name: '01.jpg', size: 1000, head: jpeg }])).toEqual([]);
  });
  it('names the field of a schema error by its title', () => {
    expect(check({ ...project, title: 'x'.repeat(81) })).toEqual([expect.stringMatching(/^Title \(\/title\): /)]);
    const untitled = { ...project };
    delete untitled.title;
    expect(check(untitled)).toEqual([expect.stringMatching(/^Title \(\/title\): /)]);
  });
  it('refuses a category site.yaml does not declare', () => {
    expect(check({ ...project, page: 'poetry' })).toEqual([
      'Listing page (/page): "poetry" names no category of site.yaml; choose one of graphics, web-design',
    ]);
  });
  it('leaves uploads that are not images to their fields (a PDF, a video)', () => {
    expect(check(project, [{ name: 'memo.pdf', size: 12, head: new TextEncoder().encode('%PDF-1.7\n%abc') }])).toEqual([]);
  });
  it('refuses an upload that is not an image, naming its field', () => {
    expect(check(project, [{ name: '01.jpg', size: 12, head: text }])).toEqual([
      'File name (/body/0/texts/0/file): 01.jpg is not an image: its bytes are not JPEG, PNG or WebP',
    ]);
    expect(check(project, [{ name: '01.jpg', size: 300 * 2 ** 20, head: jpeg }])).toEqual([
      expect.stringContaining('01.jpg is too large: 300 MB, the limit is 256 MB'),
    ]);
  });
  it('drops the empty values the editor writes for cleared fields', () => {
    const cleared = { ...project, subtitle: '', body: [{ type: 'gallery', heading: '', texts: [{ file: '01.jpg', caption: '' }] }], extra: { a: '' } };
    expect(emptyPaths(cleared)).toEqual([['subtitle'], ['body', 0, 'heading'], ['body', 0, 'texts', 0, 'caption'], ['extra']]);
    expect(withoutEmpty(cleared)).toEqual({ ...project, subtitle: undefined, body: [{ type: 'gallery', texts: [{ file: '01.jpg' }] }] });
  });
  it('knows the three image formats by their first bytes', () => {
    expect(imageFormat(jpeg)).toBe('JPEG');
    expect(imageFormat(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]))).toBe('PNG');
    expect(imageFormat(new TextEncoder().encode('RIFF\0\0\0\0WEBP'))).toBe('WebP');
    expect(imageFormat(text)).toBe('');
  });
});
