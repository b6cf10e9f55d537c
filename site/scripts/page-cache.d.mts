/** The SHA-256 of the parts, in hex, each part delimited. */
export function hash(...parts: (string | Uint8Array)[]): string;
/** What every page is made from, hashed (the site's sources but the project bodies and images.json, scripts, settings, packages installed, `shared`, the environment, Node's version, the year). */
export function sharedInputs(siteRoot: string, shared: unknown): Promise<string>;
/** The hash of each project's body module, by slug. */
export function bodyInputs(siteRoot: string): Promise<Map<string, string>>;
/** The key of each page: the shared inputs, and its project's body or every body. */
export function pageKeys(shared: string, bodies: Map<string, string>, projectOf: (route: string) => string | undefined): (route: string) => string;

export interface StyleRule {
  id: string;
  css: string;
}
export interface PageFacts {
  canonical?: string;
  noindex: boolean;
  status: number;
  start: string;
}
export interface PageCache {
  used: string[];
  dates: Record<string, { key?: string; date: string | undefined }>;
  page(route: string, key: string): (PageFacts & { key: string; rules: StyleRule[] }) | undefined;
  copyTo(key: string, file: string): Promise<void>;
  keep(route: string, key: string, facts: PageFacts, rules: StyleRule[], html?: string): Promise<void>;
  save(used: string[], dates: PageCache['dates']): Promise<void>;
}
/** The cache in dir, or one that remembers nothing when dir is undefined. */
export function openPageCache(dir: string | undefined): Promise<PageCache>;
