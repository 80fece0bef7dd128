import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { ENGLISH_WORDS } from './src/i18n/words.ts';

/*
 * `virtual:english/<part>`: the English messages of one part of the app (src/i18n/words.ts), one message
 * tree made from en.json. It is resolved to `locales/en~<part>.json`, a locale file like the others to
 * vue-i18n's plugin, which precompiles it (in tests, plain JSON). Each part is one module, so a screen's
 * words sit in that screen's chunk, however many namespaces: no file more to fetch for them. (Words two
 * screens share are in both; a page needs them once.)
 */
const english = fileURLToPath(new URL('./src/i18n/locales/en.json', import.meta.url));
const PART = 'virtual:english/';
const PIECE = english.replace(/\.json$/, '~');
/** A part's id as a module runner may pass it back (from the root, with a query). */
const PIECE_ID = /\/i18n\/locales\/en~([^/?]+)\.json(?:\?.*)?$/;

type Tree = { [key: string]: unknown };

/** Copies `path` (`learn.offerTitle`) of `from` into `into`. */
function copyPath(from: Tree, into: Tree, path: string): void {
  const [head, ...rest] = path.split('.');
  const value = from[head];
  if (value === undefined) throw new Error(`en.json has no "${path}" (src/i18n/words.ts)`);
  if (!rest.length) into[head] = value;
  else copyPath(value as Tree, (into[head] ??= {}) as Tree, rest.join('.'));
}

export function englishWords(): Plugin {
  return {
    name: 'red7-english-words',
    enforce: 'pre',
    resolveId(id) {
      if (id.startsWith(PART)) return `${PIECE}${id.slice(PART.length)}.json`;
      const piece = PIECE_ID.exec(id);
      return piece ? `${PIECE}${piece[1]}.json` : null;
    },
    load(id) {
      if (!id.startsWith(PIECE)) return null;
      const part = id.slice(PIECE.length, -'.json'.length);
      const paths: readonly string[] | undefined = ENGLISH_WORDS[part as keyof typeof ENGLISH_WORDS];
      if (!paths) throw new Error(`no English words part "${part}" (src/i18n/words.ts)`);
      this.addWatchFile(english);
      const all = JSON.parse(readFileSync(english, 'utf8')) as Tree;
      const words: Tree = {};
      for (const path of paths) copyPath(all, words, path);
      return JSON.stringify(words);
    },
  };
}
