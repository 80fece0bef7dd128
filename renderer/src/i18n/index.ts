import { watch } from 'vue';
import { createI18n, useI18n } from 'vue-i18n';
import coreWords from 'virtual:english/core';
import type en from './locales/en.json';
import { resolveParticles } from './korean';
import type { Locale } from './locales';

export type MessageSchema = typeof en;

/**
 * English is in the bundle (the default and the fallback), by screen: the core's words up front, each
 * screen's with that screen (words.ts, `useEnglishWords`). Every other language is a chunk of its own,
 * fetched whole the first time it is chosen, so a page loads only the language it shows.
 */
const otherLocales: Record<Exclude<Locale, 'en'>, () => Promise<{ default: unknown }>> = {
  it: () => import('./locales/it.json'),
  ko: () => import('./locales/ko.json'),
};

/**
 * One i18n instance per app. English is the fallback for anything a translation lacks (and shows while
 * a newly chosen language is fetched). Setting `global.locale` fetches that language's messages;
 * `preloaded` gives some up front instead (tests). Korean particles written in both forms
 * ("{name}이(가)") are resolved after interpolation, when the word they follow is known; only Korean
 * text contains those forms.
 */
export function makeI18n(locale: Locale = 'en', preloaded: Partial<Record<Locale, unknown>> = {}) {
  // Typed as every language; at run time only the core's English and `preloaded` are there until fetched.
  // A copy: screens' words are merged into it, not into the module's own tree.
  const messages = { en: structuredClone(coreWords), ...preloaded };
  const i18n = create(locale, messages as Record<Locale, MessageSchema>);
  watch(i18n.global.locale, (l) => void loadLocale(i18n, l), { immediate: true });
  return i18n;
}

const create = (locale: Locale, messages: Record<Locale, MessageSchema>) =>
  createI18n<[MessageSchema], Locale, false>({
    legacy: false,
    locale,
    fallbackLocale: 'en',
    messages,
    missingWarn: false,
    fallbackWarn: false,
    postTranslation: (text) => (typeof text === 'string' ? resolveParticles(text) : text),
    // English is the last resort: a key it lacks is a screen whose words are not in its part (words.ts).
    missing: (lang, key) => {
      if (lang === 'en') console.error(`no English words for "${key}" (renderer/src/i18n/words.ts)`);
    },
  });
type AppI18n = ReturnType<typeof create>;

/** Fetches a language's messages into `i18n` unless they are there already. */
export async function loadLocale(i18n: AppI18n, locale: Locale): Promise<void> {
  if (locale === 'en' || i18n.global.availableLocales.includes(locale)) return;
  const { default: messages } = await otherLocales[locale]();
  i18n.global.setLocaleMessage(locale, messages as MessageSchema);
}

const added = new WeakMap<object, Set<object>>();

/**
 * Adds a screen's English words (`import words from 'virtual:english/<part>'`) to the app's messages, once,
 * as the screen is set up: before it renders, and from the chunk that brought the screen.
 */
export function useEnglishWords(words: Record<string, unknown>): void {
  const i18n = useI18n({ useScope: 'global' });
  const done = added.get(i18n) ?? new Set();
  added.set(i18n, done);
  if (done.has(words)) return;
  done.add(words);
  i18n.mergeLocaleMessage('en', words as MessageSchema);
}
