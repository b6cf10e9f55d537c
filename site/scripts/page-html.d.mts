/** The parts of a page the prerender and the development server assemble (page-html.mjs). */
export interface PageSite {
  /** fonts: site.yaml's fonts; `system` preloads none and sets the system font (decision 0124). */
  readonly info: { readonly name: string; readonly aiOptOut: boolean; readonly fonts?: 'theme' | 'system' };
  readonly fonts: readonly string[];
  readonly siteTags: readonly string[];
  readonly entries?: { readonly page: string; readonly islands: string; readonly consent?: string };
  readonly analytics?: Record<string, string> | null | undefined;
  /** A private project's page (decision 0080): no referrer for the next page. */
  readonly private?: boolean;
  /** The inline starter of pages whose islands all wait for the visitor (decisions 0003, 0122); none in development. */
  readonly starter?: { readonly code: string } | null;
}

/** How a page's islands start: none, the inline starter, or the loader file. */
export function islandsStart(html: string): 'none' | 'starter' | 'loader';

/** The rule that sets the theme's families to the system font (decision 0124). */
export const systemFontsRule: string;

export function head(rendered: { meta: object; jsonLd?: object }, styles: string, site: PageSite): string;
export function scripts(rendered: { html: string; status: number }, site: Partial<PageSite> & { entries: NonNullable<PageSite['entries']> }): string;
/** The page: its language in `<html lang>` (decision 0116), the template's head, app and scripts slots filled. */
export function fillTemplate(
  template: string,
  rendered: { html: string; status: number; lang: string; meta: object; jsonLd?: object },
  css: string,
  site: PageSite & { entries: NonNullable<PageSite['entries']> },
): string;
