import type { GalleryImage, Project } from '@/generated/content';
import { loadProjectBody, project } from '@/lib/content';

// The unit tests run on the generator's own test content
// (cli/internal/tsgen/testdata/content), whose generated module Vitest
// imports as `@/generated/…` (vite.config.ts; docs/testing.md): editing the
// owner's content never changes what a unit test sees. Tests name the
// projects and values they use from it.

/** A project of the test content, by slug. */
export function fixtureProject(slug: string): Project {
  const p = project(slug);
  if (!p) throw new Error(`the test content has no project ${slug} (cli/internal/tsgen/testdata/content)`);
  return p;
}

/** The images of a test project's gallery block, as generated. */
export async function galleryOf(slug: string): Promise<readonly GalleryImage[]> {
  const gallery = (await loadProjectBody(fixtureProject(slug))).find((b) => b.type === 'gallery');
  if (!gallery) throw new Error(`the test project ${slug} has no gallery`);
  return gallery.images;
}
