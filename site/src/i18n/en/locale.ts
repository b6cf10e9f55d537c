/** The locale Intl formats English dates and numbers in (decision 0111). */
export const locale = 'en-GB';
