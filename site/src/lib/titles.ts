// Titles the prerender and the lightbox island both write: no imports, so the
// island's chunk carries none of the content.

/** A photo's title: its page's (before " · {name}") and its viewer history entry's, "Drone Photography · 3 of 6". */
export const photoTitle = (projectTitle: string, n: number, total: number) => `${projectTitle} · ${n} of ${total}`;
