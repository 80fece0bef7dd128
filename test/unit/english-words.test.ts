import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import en from '../../renderer/src/i18n/locales/en.json';
import { ENGLISH_WORDS, type WordsPart } from '../../renderer/src/i18n/words';
import { staticClosure } from '../helpers/import-graph';

/*
 * English by screen (renderer/src/i18n/words.ts): the core's words load with every page, a screen's with
 * its chunk. A key that a screen's code names (a literal `'ns.key'`, or `'ns.sub.${…}'` for a whole
 * subtree) must be in the core's part or in that screen's: else the screen would show the key itself.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
type Tree = { [key: string]: string | Tree };
const tree = en as Tree;

const at = (path: string): string | Tree | undefined =>
  path
    .split('.')
    .reduce<string | Tree | undefined>((t, k) => (typeof t === 'object' ? t[k] : undefined), tree);

const NAMED = new RegExp(`['"\`]((?:${Object.keys(tree).join('|')})\\.[A-Za-z0-9_.]*)(\\$\\{)?`, 'g');

/** The keys (or subtrees) of en.json that `files` name. */
function keysNamed(files: Iterable<string>): Set<string> {
  const keys = new Set<string>();
  for (const file of files)
    for (const m of readFileSync(`${root}/${file}`, 'utf8').matchAll(NAMED)) {
      // `'clock.choice.s${n}'` names keys of the subtree `clock.choice`.
      const path = m[2] ? m[1].replace(/\.?[A-Za-z0-9_]*$/, '') : m[1].replace(/\.$/, '');
      // `summary.locked` on an object called summary is code, not a key: only what en.json has counts.
      if (at(path) !== undefined) keys.add(path);
    }
  return keys;
}

const covers = (parts: WordsPart[], key: string): boolean =>
  parts.some((p) => ENGLISH_WORDS[p].some((entry: string) => key === entry || key.startsWith(`${entry}.`)));

const uncovered = (parts: WordsPart[], keys: Set<string>): string[] =>
  [...keys].filter((k) => !covers(parts, k)).sort();

const core = staticClosure(root, ['renderer/src/main.ts']);

const LOADED = /import\(\s*['"](\.[^'"]+)['"]\s*\)/g;
/**
 * The files whose keys `entry`'s part must cover: what it imports, and the chunks it loads by `import()`
 * that bring no words of their own (an evening's standings, shown with the lobby's words).
 */
function wordsClosure(entry: string): Set<string> {
  const files = new Set<string>();
  const add = (from: string): void => {
    for (const file of staticClosure(root, [from])) {
      if (files.has(file) || core.has(file)) continue;
      files.add(file);
      for (const m of readFileSync(`${root}/${file}`, 'utf8').matchAll(LOADED)) {
        const target = relative(root, resolve(root, dirname(file), m[1]));
        if (!readFileSync(`${root}/${target}`, 'utf8').includes("from 'virtual:english/")) add(target);
      }
    }
  };
  add(entry);
  return files;
}

/** Each screen loaded by `import()` and its part (the `virtual:english/<part>` its component adds). */
const screens: [string, WordsPart][] = [
  ['renderer/src/views/LobbyView.vue', 'lobby'],
  ['renderer/src/views/TableDoor.vue', 'door'],
  ['renderer/src/views/WaitingRoom.vue', 'waiting'],
  ['renderer/src/views/TableView.vue', 'table'],
  ['renderer/src/views/HistoryView.vue', 'history'],
  ['renderer/src/learn/LearnView.vue', 'learn'],
  ['renderer/src/views/ReplayView.vue', 'replay'],
  ['renderer/src/room/RoomView.vue', 'room'],
  ['renderer/src/components/app/RuleReference.vue', 'rules'],
];
/** Dialogs App.vue loads by `import()` that speak with the core's words (a few words each, no part). */
const coreDialogs = [
  'renderer/src/components/app/LeaveTableDialog.vue',
  'renderer/src/components/app/ScreenSettings.vue',
  'renderer/src/components/app/SeatCodeDialog.vue',
];
/** Parts a screen loads by an `import()` of its own: a form few people open. */
const lazyParts: [string, WordsPart][] = [
  ['renderer/src/components/evening/EveningForm.vue', 'eveningForm'],
  ['renderer/src/components/lobby/NewTableForm.vue', 'newTable'],
  ['renderer/src/components/lobby/HandOverPanel.vue', 'handOver'],
  ['renderer/src/components/lobby/OperatorHandOverPanel.vue', 'handOver'],
];

describe('English by screen', () => {
  it('every entry of words.ts is in en.json, and every key of en.json is in some part', () => {
    const entries = Object.values(ENGLISH_WORDS).flat() as string[];
    expect(entries.filter((e) => at(e) === undefined)).toEqual([]);
    const leaves = (t: Tree, prefix: string): string[] =>
      Object.entries(t).flatMap(([k, v]) =>
        typeof v === 'string' ? [prefix + k] : leaves(v, `${prefix}${k}.`),
      );
    const parts = Object.keys(ENGLISH_WORDS) as WordsPart[];
    expect(leaves(tree, '').filter((k) => !covers(parts, k))).toEqual([]);
  });

  it('the check sees the keys a screen names (it can fail)', () => {
    const table = keysNamed([...staticClosure(root, ['renderer/src/views/TableView.vue'])]);
    expect(table).toContain('turn.pass');
    expect(uncovered(['core'], table)).toContain('turn.pass');
    // A key built from a template names the subtree it is in.
    expect(keysNamed(['renderer/src/table-models/rulesLine.ts'])).toContain('clock.choice');
    // A chunk the lobby loads later with no words of its own speaks with the lobby's.
    expect(wordsClosure('renderer/src/views/LobbyView.vue')).toContain(
      'renderer/src/components/evening/EveningFacts.vue',
    );
    expect(wordsClosure('renderer/src/views/LobbyView.vue')).not.toContain(
      'renderer/src/components/lobby/NewTableForm.vue',
    );
  });

  it('the core names only keys of the core', () => {
    expect(uncovered(['core'], keysNamed(core))).toEqual([]);
  });

  it.each([...screens, ...lazyParts])('%s names only keys of the core and its part', (entry, part) => {
    const source = readFileSync(`${root}/${entry}`, 'utf8');
    expect(source).toContain(`from 'virtual:english/${part}'`);
    expect(source).toContain('useEnglishWords(words)');
    expect(uncovered(['core', part], keysNamed(wordsClosure(entry)))).toEqual([]);
  });

  it.each(coreDialogs)('%s names only keys of the core', (entry) => {
    expect(uncovered(['core'], keysNamed(wordsClosure(entry)))).toEqual([]);
  });

  it('every screen that App.vue loads by import() is checked', () => {
    const app = readFileSync(`${root}/renderer/src/App.vue`, 'utf8');
    const loaded = [...app.matchAll(/import\('\.\/([^']+\.vue)'\)/g)].map((m) => `renderer/src/${m[1]}`);
    expect(loaded.sort()).toEqual([...screens.map(([entry]) => entry), ...coreDialogs].sort());
  });
});
