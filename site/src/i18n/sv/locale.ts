/** The locale Intl formats Swedish dates and numbers in (decision 0111). */
export const locale = 'sv-SE';
