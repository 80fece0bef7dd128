import { createI18n } from 'vue-i18n';
import en from './locales/en.json';
import it from './locales/it.json';
import ko from './locales/ko.json';
import { resolveParticles } from './korean';
import type { Locale } from './locales';

export type MessageSchema = typeof en;

/**
 * One i18n instance per app. English is the fallback for anything a translation lacks.
 * Korean particles written in both forms ("{name}이(가)") are resolved after interpolation, when the
 * word they follow is known; only Korean text contains those forms.
 */
export function makeI18n(locale: Locale = 'en') {
  return createI18n<[MessageSchema], Locale, false>({
    legacy: false,
    locale,
    fallbackLocale: 'en',
    messages: { en, it, ko },
    missingWarn: false,
    fallbackWarn: false,
    postTranslation: (text) => (typeof text === 'string' ? resolveParticles(text) : text),
  });
}
