import { describe, expect, it } from 'vitest';
import { BOT_NAMES, BOT_NAME_LANGUAGES, pickBotName } from '../../../shared/bots/names';
import { PLAYER_NAME_MAX } from '../../../shared/protocol';
import en from '../../../renderer/src/i18n/locales/en.json';
import it_ from '../../../renderer/src/i18n/locales/it.json';
import ko from '../../../renderer/src/i18n/locales/ko.json';

describe('bot names', () => {
  it('has a list per language of short, distinct, printable names, more than a table has seats', () => {
    for (const lang of BOT_NAME_LANGUAGES) {
      const list = BOT_NAMES[lang];
      expect(list.length).toBeGreaterThanOrEqual(8);
      expect(new Set(list.map((n) => n.toLowerCase())).size).toBe(list.length);
      for (const n of list) {
        expect(n.length).toBeLessThanOrEqual(Math.min(8, PLAYER_NAME_MAX));
        expect(n).toMatch(/^[\p{L}]+$/u);
      }
    }
    // Each language's own list, not a copy of another's.
    expect(BOT_NAMES.it.filter((n) => BOT_NAMES.en.includes(n))).toEqual([]);
    expect(BOT_NAMES.ko.every((n) => /^[\uac00-\ud7a3]+$/.test(n))).toBe(true);
  });

  it('never shares a word with a colour in its language: the table says "보라 6" of a card', () => {
    const colours = { en: en.color, it: it_.color, ko: ko.color };
    for (const lang of BOT_NAME_LANGUAGES) {
      const words = Object.values(colours[lang]).map((w) => w.toLowerCase());
      for (const name of BOT_NAMES[lang].map((n) => n.toLowerCase()))
        expect(
          words.filter((w) => w.includes(name) || name.includes(w)),
          name,
        ).toEqual([]);
    }
  });

  it('is deterministic: the same table, seat and names give the same name', () => {
    expect(pickBotName('en', 2, 'table-abc', ['Ann'])).toBe(pickBotName('en', 2, 'table-abc', ['Ann']));
    // Tables differ: over many table ids, the first bot does not always get the same name.
    const firsts = new Set(Array.from({ length: 40 }, (_, i) => pickBotName('en', 1, `t${i}`, [])));
    expect(firsts.size).toBeGreaterThan(5);
  });

  it('never gives a name seated at the table, compared without case as people’s names are', () => {
    for (const lang of BOT_NAME_LANGUAGES) {
      for (let i = 0; i < 50; i++) {
        const seed = `seed${i}`;
        const taken = [BOT_NAMES[lang][3].toUpperCase(), 'Ann'];
        for (let seat = 1; seat < 4; seat++) {
          const name = pickBotName(lang, seat, seed, taken);
          expect(BOT_NAMES[lang]).toContain(name);
          expect(taken.map((n) => n.toLowerCase())).not.toContain(name.toLowerCase());
          taken.push(name);
        }
      }
    }
  });

  it('names from the language asked for; without one, by seat number', () => {
    expect(BOT_NAMES.ko).toContain(pickBotName('ko', 1, 'x', []));
    expect(BOT_NAMES.it).toContain(pickBotName('it', 1, 'x', []));
    expect(pickBotName(undefined, 1, 'x', [])).toBe('Bot 2');
    expect(pickBotName(undefined, 1, 'x', ['BOT 2', 'Bot 3'])).toBe('Bot 4');
  });

  it('falls back to a numbered name when people hold every name of the list', () => {
    const all = [...BOT_NAMES.en];
    expect(pickBotName('en', 1, 'x', all)).toBe('Bot 2');
    expect(pickBotName('en', 1, 'x', [...all, 'bot 2'])).toBe('Bot 3');
  });
});
