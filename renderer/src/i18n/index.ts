import { createI18n } from 'vue-i18n';
import en from './locales/en.json';
import it from './locales/it.json';
import ko from './locales/ko.json';
import type { Locale } from './locales';

export type MessageSchema = typeof en;

/** One i18n instance per app. English is the fallback for anything a translation lacks. */
export function makeI18n(locale: Locale = 'en') {
  return createI18n<[MessageSchema], Locale, false>({
    legacy: false,
    locale,
    fallbackLocale: 'en',
    messages: { en, it, ko },
    missingWarn: false,
    fallbackWarn: false,
  });
}
