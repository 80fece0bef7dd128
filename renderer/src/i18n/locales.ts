export const LOCALES = ['en', 'it', 'ko'] as const;
export type Locale = (typeof LOCALES)[number];

/** Each language named in itself, for the language menu. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = { en: 'English', it: 'Italiano', ko: '한국어' };
