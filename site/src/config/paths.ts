import type { Page } from '@/generated/content';

// Every route path of the site, defined once; links are built from these.
export const paths = {
  home: '/',
  about: '/about',
  contact: '/contact',
  /** Where the contact form lands after a native post. */
  contactSent: '/contact/sent/',
  category: (page: Page) => `/${page}`,
} as const;

/** The category pages in the order the navigation lists them. */
export const navCategories: readonly Page[] = ['graphics', 'higher-education', 'photography', 'web-design'];
