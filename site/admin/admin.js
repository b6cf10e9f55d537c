// /admin's script beside Sveltia CMS (decisions 79, 0114, 0120). It runs
// before Sveltia's bundle, to start Sveltia itself (on localhost Sveltia
// offers its own local mode, the browser's folder picker: no server); it
// refuses a save the schemas refuse, before anything is written; it gives
// the page back the zoom Sveltia's viewport takes away; and it strips every
// image the editor sends of its GPS position and serial numbers before it
// leaves the browser (upload.js, decision 0084). Built by scripts/admin.mjs
// with the validators compiled from schema/*.json (no eval for them) and the
// strip compiled to WebAssembly.
import { emptyPaths, problems, withoutEmpty } from './check.js';
import { installWriteStrip, stripping } from './upload.js';
import schemas from 'virtual:portfolio-schemas';
import * as validators from 'virtual:portfolio-validators';

window.CMS_MANUAL_INIT = true;

const send = window.fetch.bind(window);
let strip = null;
/** The strip (cli/cmd/metastrip-wasm), loaded on the first image sent: 4.7 MB, 1.3 MB gzipped. */
function loadStrip() {
  strip ??= (async () => {
    await new Promise((resolve, reject) => {
      const s = Object.assign(document.createElement('script'), { src: '/admin/wasm_exec.js', onload: resolve });
      s.onerror = () => reject(new Error('/admin/wasm_exec.js did not load'));
      document.head.append(s);
    });
    const go = new window.Go();
    // Whole, not streamed: streaming needs the host to send it as application/wasm.
    const res = await send('/admin/metastrip.wasm');
    if (!res.ok) throw new Error(`/admin/metastrip.wasm: ${res.status}`);
    const { instance } = await WebAssembly.instantiate(await res.arrayBuffer(), go.importObject);
    void go.run(instance);
    return window.portfolioStripImage;
  })().catch((e) => {
    strip = null; // the next image tries again
    throw e;
  });
  return strip;
}
// Before Sveltia's bundle runs: every request it makes goes through this.
window.fetch = stripping(send, loadStrip);
// And every image the editor writes into the owner's folder itself (Sveltia's local repository).
installWriteStrip(loadStrip);

const facts = fetch('/admin/checks.json').then((r) => {
  if (!r.ok) throw new Error(`/admin/checks.json: ${r.status}; run portfolio generate`);
  return r.json();
});

/** The files uploaded with the entry (those with a File: new ones, not the files already there), each with its first bytes. */
async function uploads(entry) {
  const files = entry.get('mediaFiles')?.toJS?.() ?? [];
  return Promise.all(
    files
      .filter((m) => m.file instanceof Blob)
      .map(async (m) => ({ name: m.name ?? m.file.name, size: m.file.size, head: new Uint8Array(await m.file.slice(0, 12).arrayBuffer()) })),
  );
}

/** An entry's data without the empty values the editor writes for a cleared optional field, which the schemas refuse. */
function cleaned(data) {
  for (const p of emptyPaths(data.toJS()).reverse()) data = data.deleteIn(p);
  return data;
}

/** The last refusal, until the dialog that reports it shows it. */
let refusal = null;

/**
 * Sveltia reports a refused save with a generic "There was an error while
 * saving the entry" and leaves the hook's message in the console (decision
 * 0120): the message goes into that dialog's description, where the owner
 * (and a screen reader, through aria-describedby) reads it.
 */
function showRefusals() {
  new MutationObserver(() => {
    if (!refusal || Date.now() - refusal.at > 30_000) return;
    for (const dialog of document.querySelectorAll('dialog[open]')) {
      const body = document.getElementById(dialog.getAttribute('aria-describedby') ?? '') ?? dialog;
      if (body.querySelector('[data-portfolio-refusal]')) continue;
      const p = Object.assign(document.createElement('p'), { textContent: refusal.message });
      p.dataset.portfolioRefusal = '';
      body.append(p);
      refusal = null;
    }
  }).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['open'] });
}

/**
 * Sveltia's preSave: the default language's data (entry.data) checked by
 * the schemas; each translation (entry.i18n.<lang>.data) cleaned as it. A
 * refusal throws, and showRefusals puts its message in Sveltia's dialog.
 */
async function preSave({ entry }) {
  const data = cleaned(entry.get('data'));
  const found = problems({
    collection: entry.get('collection'),
    data: withoutEmpty(data.toJS()),
    uploads: await uploads(entry),
    validators,
    schemas,
    facts: await facts,
  });
  if (found.length > 0) {
    const message = `Not saved: ${found.join('; ')}`;
    refusal = { message, at: Date.now() };
    throw new Error(message);
  }
  let out = entry.set('data', data);
  for (const lang of entry.get('i18n')?.keys?.() ?? []) {
    const t = entry.getIn(['i18n', lang, 'data']);
    if (t) out = out.setIn(['i18n', lang, 'data'], cleaned(t));
  }
  return out;
}

/**
 * Sveltia sets the viewport to maximum-scale=1, which stops a visitor
 * zooming (axe's meta-viewport, WCAG 1.4.4): each time it writes one, the
 * scale limit goes (decision 0114).
 */
function keepZoom() {
  const fix = () => {
    for (const m of document.querySelectorAll('meta[name="viewport"]')) {
      const content = m.getAttribute('content') ?? '';
      const kept = content
        .split(',')
        .map((p) => p.trim())
        .filter((p) => p && !/^(maximum-scale|user-scalable)\s*=/i.test(p))
        .join(', ');
      if (kept !== content) m.setAttribute('content', kept);
    }
  };
  new MutationObserver(fix).observe(document.head, { childList: true, subtree: true, attributes: true, attributeFilter: ['content'] });
  fix();
}

window.addEventListener('DOMContentLoaded', () => {
  const { CMS } = window;
  keepZoom();
  showRefusals();
  CMS.registerEventListener({ name: 'preSave', handler: preSave });
  CMS.init();
});
