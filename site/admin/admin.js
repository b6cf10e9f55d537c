// /admin's script beside Decap CMS (decision 79). It runs before Decap's
// bundle, to start Decap itself: on the development server (localhost) with
// its local backend, which `portfolio dev --editor` serves at
// /admin/api/v1 (Decap takes only an absolute address, and the port is the
// server's); and it refuses a save the schemas refuse, before anything is
// written; and it strips every image the editor sends of its GPS position
// and serial numbers before it leaves the browser (upload.js, decision
// 0084). Built by scripts/admin.mjs with the validators compiled from
// schema/*.json (no eval for them) and the strip compiled to WebAssembly.
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
// Before Decap's bundle runs: every request it makes goes through this.
window.fetch = stripping(send, loadStrip);
// And every image the editor writes into the owner's folder itself (Sveltia's local repository).
installWriteStrip(loadStrip);

const facts = fetch('/admin/checks.json').then((r) => {
  if (!r.ok) throw new Error(`/admin/checks.json: ${r.status}; run portfolio generate`);
  return r.json();
});

/** The files uploaded with the entry (Decap's drafts, not the files already there), each with its first bytes. */
async function uploads(entry) {
  const files = entry.get('mediaFiles')?.toJS?.() ?? [];
  return Promise.all(
    files
      .filter((m) => m.file && m.draft)
      .map(async (m) => ({ name: m.name ?? m.file.name, size: m.file.size, head: new Uint8Array(await m.file.slice(0, 12).arrayBuffer()) })),
  );
}

async function preSave({ entry }) {
  let data = entry.get('data');
  // Decap writes '' for a cleared optional field: the schemas refuse it.
  for (const p of emptyPaths(data.toJS()).reverse()) data = data.deleteIn(p);
  const found = problems({
    collection: entry.get('collection'),
    data: withoutEmpty(data.toJS()),
    uploads: await uploads(entry),
    validators,
    schemas,
    facts: await facts,
  });
  if (found.length > 0) throw new Error(`Not saved: ${found.join('; ')}`);
  return data;
}

window.addEventListener('DOMContentLoaded', () => {
  const { CMS } = window;
  CMS.registerEventListener({ name: 'preSave', handler: preSave });
  const local = ['localhost', '127.0.0.1'].includes(location.hostname);
  CMS.init(local ? { config: { local_backend: { url: `${location.origin}/admin/api/v1` } } } : {});
});
