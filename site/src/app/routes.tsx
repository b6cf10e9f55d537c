import type { RouteObject } from 'react-router-dom';
import { Layout } from '@/app/Layout';
import { navCategories } from '@/config/paths';

// Every page is its own chunk, loaded by the route's `lazy`: the server
// resolves it before rendering, the client before hydrating (main.tsx).
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Layout,
    children: [
      { index: true, lazy: async () => ({ Component: (await import('@/pages/HomePage')).HomePage }) },
      { path: 'about', lazy: async () => ({ Component: (await import('@/pages/AboutPage')).AboutPage }) },
      { path: 'contact', lazy: async () => ({ Component: (await import('@/pages/ContactPage')).ContactPage }) },
      ...navCategories.map(
        (page): RouteObject => ({
          path: page,
          lazy: async () => {
            const { CategoryPage } = await import('@/pages/CategoryPage');
            return { Component: () => <CategoryPage page={page} /> };
          },
        }),
      ),
      { path: 'projects/:slug', lazy: async () => ({ Component: (await import('@/pages/ProjectPage')).ProjectPage }) },
      { path: '*', lazy: async () => ({ Component: (await import('@/pages/NotFoundPage')).NotFoundPage }) },
    ],
  },
];
