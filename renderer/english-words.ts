import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { ENGLISH_WORDS } from './src/i18n/words.ts';

/*
 * `virtual:english/<part>`: the English messages of one part of the app (src/i18n/words.ts), as a list of
 * message trees to merge. Each entry of the part is a module of its own, `locales/en~<path>.json`, made
 * from en.json: a locale file like the others to vue-i18n's plugin, which precompiles it (in tests, plain
 * JSON). One module per entry lets the bundler put words shared by screens in a chunk they share.
 */
const english = fileURLToPath(new URL('./src/i18n/locales/en.json', import.meta.url));
const PART = 'virtual:english/';
const PIECE = english.replace(/\.json$/, '~');
/** A piece's id as a module runner may pass it back (from the root, with a query). */
const PIECE_ID = /\/i18n\/locales\/en~([^/?]+)\.json(?:\?.*)?$/;

/** `tree` with only `path` kept (`learn.offerTitle` → `{ learn: { offerTitle } }`). */
function pick(tree: Record<string, unknown>, path: string): Record<string, unknown> {
  const [head, ...rest] = path.split('.');
  const value = tree[head];
  if (value === undefined) throw new Error(`en.json has no "${path}" (src/i18n/words.ts)`);
  return { [head]: rest.length ? pick(value as Record<string, unknown>, rest.join('.')) : value };
}

export function englishWords(): Plugin {
  return {
    name: 'red7-english-words',
    enforce: 'pre',
    resolveId(id) {
      if (id.startsWith(PART)) return `\0${id}`;
      const piece = PIECE_ID.exec(id);
      return piece ? `${PIECE}${piece[1]}.json` : null;
    },
    load(id) {
      if (id.startsWith(`\0${PART}`)) {
        const part = id.slice(PART.length + 1);
        const paths: readonly string[] | undefined = ENGLISH_WORDS[part as keyof typeof ENGLISH_WORDS];
        if (!paths) throw new Error(`no English words part "${part}" (src/i18n/words.ts)`);
        const names = paths.map((_, i) => `w${i}`);
        return [
          ...paths.map((path, i) => `import ${names[i]} from ${JSON.stringify(`${PIECE}${path}.json`)};`),
          `export default [${names.join(', ')}];`,
        ].join('\n');
      }
      if (id.startsWith(PIECE)) {
        this.addWatchFile(english);
        const path = id.slice(PIECE.length, -'.json'.length);
        return JSON.stringify(pick(JSON.parse(readFileSync(english, 'utf8')), path));
      }
      return null;
    },
  };
}
