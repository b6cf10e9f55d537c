// The editor's save check (decision 79), without the browser: what a
// preSave hook finds wrong in an entry, from the validators compiled from
// schema/*.json at build time, the facts `portfolio generate` writes into
// /admin/checks.json (declared categories, image extensions, size limit)
// and the files uploaded with the entry. Each problem names the field by
// its title and its place (a JSON pointer), as validate names it.

/** The first bytes of the image formats validate accepts. */
const signatures = [
  { format: 'JPEG', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { format: 'PNG', test: (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((x, i) => b[i] === x) },
  { format: 'WebP', test: (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP' },
];

const ascii = (b, from, to) => String.fromCharCode(...b.slice(from, to));

/** The image format of a file's first 12 bytes, or ''. */
export function imageFormat(bytes) {
  return signatures.find((s) => s.test(bytes))?.format ?? '';
}

/** Paths (arrays of keys) of the empty values in v: '', null, [] and {} left empty once emptied. */
export function emptyPaths(v, path = [], out = []) {
  if (Array.isArray(v)) {
    v.forEach((x, i) => emptyPaths(x, [...path, i], out));
    return out;
  }
  if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      if (isEmpty(x)) out.push([...path, k]);
      else emptyPaths(x, [...path, k], out);
    }
  }
  return out;
}

function isEmpty(x) {
  if (x === '' || x === null || x === undefined) return true;
  if (Array.isArray(x)) return x.length === 0;
  if (typeof x === 'object') return Object.values(x).every(isEmpty);
  return false;
}

/** The value without its empty values (what is checked and written). */
export function withoutEmpty(v) {
  if (Array.isArray(v)) return v.map(withoutEmpty);
  if (v && typeof v === 'object') {
    return Object.fromEntries(
      Object.entries(v)
        .filter(([, x]) => !isEmpty(x))
        .map(([k, x]) => [k, withoutEmpty(x)]),
    );
  }
  return v;
}

/** The schema a JSON pointer of data reaches, for its title. */
function schemaAt(root, data, pointer) {
  const deref = (s) => {
    while (s && s.$ref) s = root.$defs[s.$ref.replace('#/$defs/', '')];
    return s;
  };
  let s = deref(root);
  let v = data;
  let title = '';
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!s) break;
    // A union's branch: the one whose key the value has.
    for (const a of s.allOf ?? []) {
      const [k, c] = Object.entries(a.if?.properties ?? {})[0] ?? [];
      if (k && v && v[k] === c.const) s = { ...s, properties: { ...s.properties, ...deref(a.then).properties } };
    }
    const next = Array.isArray(v) ? s.items : s.properties?.[key];
    const resolved = deref(next);
    s = resolved && next?.title ? { ...resolved, title: next.title } : resolved;
    v = v?.[key];
    if (s?.title) title = s.title;
  }
  return title;
}

/** Problems of a validator's errors, each naming the field. */
function schemaProblems(validate, schema, data) {
  if (validate(data)) return [];
  return validate.errors.map((e) => {
    let at = e.instancePath;
    if (e.keyword === 'required' || e.params?.missingProperty) at += '/' + e.params.missingProperty;
    if (e.keyword === 'additionalProperties') at += '/' + e.params.additionalProperty;
    const title = schemaAt(schema, data, at) || at || 'the file';
    return `${title} (${at || '/'}): ${e.message}`;
  });
}

/** Pointers of data whose value is the string name (a file's place). */
function placesOf(data, name, path = '') {
  if (typeof data === 'string') return data === name || data.endsWith('/' + name) ? [path] : [];
  if (data && typeof data === 'object') return Object.entries(data).flatMap(([k, x]) => placesOf(x, name, `${path}/${k}`));
  return [];
}

/**
 * What is wrong with an entry: `data` (plain values, empties dropped) of
 * collection 'projects' or 'settings', checked by `validators` against
 * `schemas` ({project, site}); `uploads` are the files added with it
 * ({name, size, head: its first 12 bytes}); `facts` is checks.json.
 */
export function problems({ collection, data, uploads, validators, schemas, facts }) {
  const isProject = collection === 'projects';
  const out = schemaProblems(isProject ? validators.project : validators.site, isProject ? schemas.project : schemas.site, data);
  if (isProject && typeof data.page === 'string' && !facts.categories.includes(data.page)) {
    out.push(`Listing page (/page): "${data.page}" names no category of site.yaml; choose one of ${facts.categories.join(', ')}`);
  }
  for (const u of uploads) {
    const ext = u.name.slice(u.name.lastIndexOf('.')).toLowerCase();
    // A video, a PDF or captions: the field's own pattern and validate
    // check them; a name that is no image's is the image field's pattern's.
    if (!facts.imageExtensions.includes(ext)) continue;
    const places = placesOf(data, u.name);
    const where = places.length ? places.map((p) => `${schemaAt(isProject ? schemas.project : schemas.site, data, p) || 'File'} (${p})`).join(', ') : u.name;
    if (!imageFormat(u.head)) out.push(`${where}: ${u.name} is not an image: its bytes are not JPEG, PNG or WebP`);
    if (u.size > facts.maxImageBytes)
      out.push(`${where}: ${u.name} is too large: ${Math.ceil(u.size / 2 ** 20)} MB, the limit is ${facts.maxImageBytes / 2 ** 20} MB`);
  }
  return out;
}
