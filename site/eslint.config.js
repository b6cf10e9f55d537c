// @ts-check
// The site's habits, enforced: `npm run lint` (and `.ci/test`) runs this.
//
// - typescript-eslint (syntax and type-aware rules) and ESLint's own
//   recommended rules;
// - React's rules of hooks (eslint-plugin-react-hooks);
// - accessibility of JSX (eslint-plugin-jsx-a11y);
// - import boundaries, as bulletproof-react draws them (its
//   apps/react-vite/.eslintrc.cjs: `import/no-restricted-paths` zones): code
//   imports only from the layers below its own, and a feature never imports
//   another feature. The layers are listed once, below
//   (docs/decisions/0019-site-code-in-layers.md).
//
// Formatting is Prettier's alone (`npm run format`); eslint-config-prettier,
// last, turns off every rule that would fight it.
//
// TypeScript: the site compiles with TypeScript 7 (`tsc`, the native
// compiler of the `@typescript/native` alias), which has no JavaScript API
// yet. typescript-eslint reads the `typescript` package, which package.json
// points at Microsoft's TypeScript 6.0 API package (`@typescript/typescript6`)
// as TypeScript 7's release notes recommend for tools that need the API.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import prettier from 'eslint-config-prettier/flat';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The layers of src/, top to bottom. A file may import from its own layer
 * and the layers below it, never from a layer above: so a change low down
 * (a component, a selector) is the only kind that ripples up, and a newcomer
 * reads the site from the top (an entry) down.
 */
const layers = [
  {
    // What a build or a browser starts from; nothing imports them.
    // entry-server.tsx: the prerender's renderer (vite build --ssr).
    // islands/: the browser's islands: the loader and its registry
    //   (client.ts) and each island's chunk, which wakes a feature's
    //   prerendered markup (contact.ts, lightbox.tsx).
    // page-script/: the plain script a page runs (its provider's analytics,
    //   the 404 log; scripts/page-scripts.mjs builds the one a site needs).
    name: 'entries',
    paths: ['src/entry-server.tsx', 'src/islands', 'src/page-script'],
  },
  // The route table, the layout and its navigation.
  { name: 'app', paths: ['src/app'] },
  // One component per route; they compose features and components. A page
  // may show another (a project page shows the not-found page for an
  // unknown slug).
  { name: 'pages', paths: ['src/pages'] },
  // What the site does, one folder each (contact, gallery, project); a
  // feature never imports another (the features zones below): a page
  // composes them (the project page hands the gallery to the project's
  // blocks).
  { name: 'features', paths: ['src/features'] },
  // Shared building blocks, below every feature: components (React, no
  // feature knowledge; <Island> marks an island's markup), lib (selectors
  // over the content, SEO, analytics), config (route paths), theme (the
  // theme, its providers and the emotion cache), generated (the content
  // module `portfolio generate` writes; not linted).
  { name: 'components', paths: ['src/components'] },
  { name: 'lib', paths: ['src/lib'] },
  { name: 'config', paths: ['src/config'] },
  { name: 'theme', paths: ['src/theme'] },
];
const features = readdirSync(path.join(import.meta.dirname, 'src/features'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** Every zone of the production code: no import upwards, none between features. */
const layerZones = [
  ...layers.slice(1).map((layer, i) => ({
    target: layer.paths,
    from: layers.slice(0, i + 1).flatMap((l) => l.paths),
    message: `${layer.name} sits below ${layers
      .slice(0, i + 1)
      .map((l) => l.name)
      .join(', ')}: import only from ${layer.name} and the layers below it (eslint.config.js).`,
  })),
  ...features.map((name) => ({
    target: `src/features/${name}`,
    from: 'src/features',
    except: [`./${name}`],
    message: 'A feature never imports another feature: let the page compose them (eslint.config.js).',
  })),
];
/** Unit-test support: only tests import it (tests are exempt from the layers). */
const testingZone = {
  target: 'src',
  from: 'src/testing',
  message: 'Only tests import src/testing.',
};
/** Zones every file keeps, tests included. */
const outsideZones = [
  {
    // The site's code runs in the browser and the prerender, never beside the Node-only parts.
    target: 'src',
    from: ['scripts', 'e2e'],
    message: 'src/ never imports build scripts or end-to-end specs.',
  },
  {
    // Build steps in Node: they read the build's output (dist/, .ssr/), never the sources.
    target: 'scripts',
    from: ['src', 'e2e'],
    message: 'Build scripts read the build output, not src/ or the specs.',
  },
  {
    // The specs read route paths and the content module (and render one
    // component with the theme's providers); the rest they test in the browser.
    target: 'e2e',
    from: [...layers.slice(0, 4).flatMap((l) => l.paths), 'src/lib', 'src/testing', 'scripts'],
    message: 'End-to-end specs test the built site: import only config, generated, theme and components.',
  },
];
const testFiles = ['**/*.test.{ts,tsx}', 'src/testing/**'];

export default defineConfig(
  globalIgnores(['dist/', '.ssr/', 'src/generated/', 'test-results/', 'playwright-report/', 'public/']),
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    // Plain JavaScript (the build scripts, this file) is outside tsconfig.json.
    files: ['**/*.{js,mjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: globals.browser },
    settings: {
      // MUI's components as the elements they render, so their props are
      // checked as the element's (`<Box component="img">` needs its alt).
      'jsx-a11y': {
        polymorphicPropName: 'component',
        components: { Button: 'button', IconButton: 'button', Link: 'a', Typography: 'p', Box: 'div' },
      },
    },
    rules: {
      // React Router's links take their address as `to`.
      'jsx-a11y/anchor-is-valid': ['error', { specialLink: ['to'] }],
    },
  },
  {
    files: ['scripts/**', 'e2e/**', '*.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  // The browser editor's save check (/admin, scripts/admin.mjs builds it).
  {
    files: ['admin/**'],
    languageOptions: { globals: globals.browser },
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      // Resolves `@/…` with tsconfig.json's paths, as tsc and Vite do.
      'import-x/resolver-next': [
        importX.createNodeResolver({
          extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'],
          tsconfig: { configFile: path.resolve(import.meta.dirname, 'tsconfig.json') },
        }),
      ],
    },
    rules: {
      // Zones' paths are relative to this folder, wherever ESLint runs from.
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: [...layerZones, testingZone, ...outsideZones] }],
    },
  },
  {
    // Tests go through the real route tree and providers (docs/testing.md): they
    // may import from any layer, and only they import src/testing.
    files: testFiles,
    rules: {
      // Fakes of asynchronous APIs (a page's loader, fetch) are async
      // functions that answer at once.
      '@typescript-eslint/require-await': 'off',
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: outsideZones }],
    },
  },
  prettier,
);
