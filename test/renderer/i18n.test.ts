import { baseCompile } from '@intlify/message-compiler';
import { describe, expect, it } from 'vitest';
import en from '../../renderer/src/i18n/locales/en.json';
import itMessages from '../../renderer/src/i18n/locales/it.json';
import ko from '../../renderer/src/i18n/locales/ko.json';
import { loadLocale, makeI18n } from '../../renderer/src/i18n';
import { i18nWithAllLocales } from './mount';
import { eventually } from './wait';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

const placeholders = (msg: string): string[] =>
  [...new Set([...msg.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();

const locales: Record<string, Map<string, string>> = {
  en: flatten(en as Tree),
  it: flatten(itMessages as Tree),
  ko: flatten(ko as Tree),
};

describe('translations', () => {
  it.each(['it', 'ko'])('%s has exactly the English keys', (locale) => {
    const missing = [...locales.en.keys()].filter((k) => !locales[locale].has(k));
    const extra = [...locales[locale].keys()].filter((k) => !locales.en.has(k));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
  });

  it.each(['en', 'it', 'ko'])('%s: every message compiles (as the build precompiles it)', (locale) => {
    const broken: string[] = [];
    for (const [key, msg] of locales[locale]) {
      baseCompile(msg, { jit: true, onError: (e) => broken.push(`${key}: ${e.message}`) });
    }
    expect(broken).toEqual([]);
  });

  it.each(['it', 'ko'])('%s uses the same placeholders as English in every plural form', (locale) => {
    const wrong: string[] = [];
    for (const [key, msg] of locales.en) {
      const theirs = locales[locale].get(key) ?? '';
      const expected = placeholders(msg);
      // Each plural form may drop the count ("one card"), so compare the union over forms.
      if (JSON.stringify(placeholders(theirs)) !== JSON.stringify(expected) && !msg.includes('|'))
        wrong.push(key);
      for (const p of placeholders(theirs)) if (!expected.includes(p)) wrong.push(`${key}: {${p}}`);
    }
    expect(wrong).toEqual([]);
  });

  it('covers every host error code and every log entry kind', () => {
    const codes = [
      'badMessage',
      'rateLimited',
      'protocolMismatch',
      'helloRequired',
      'noSuchTable',
      'tableFull',
      'seatTaken',
      'tooManyTables',
      'badToken',
      'notSeated',
      'notCreator',
      'alreadySeated',
      'alreadyStarted',
      'notStarted',
      'notReady',
      'notYourTurn',
      'staleMove',
      'illegalMove',
      'gameNotOver',
      'roundNotOver',
      'notAway',
      'badSeat',
      'unavailable',
    ];
    for (const c of codes) expect(locales.en.has(`errors.${c}`), c).toBe(true);
    for (const r of ['notLeading', 'emptyHand', 'pass']) expect(locales.en.has(`log.out.${r}`)).toBe(true);
  });

  it('formats plurals and parameters at run time', () => {
    const i18n = i18nWithAllLocales('en');
    const t = i18n.global.t;
    expect(t('canvas.deck', { n: 0 }, 0)).toBe('deck empty');
    expect(t('canvas.deck', { n: 1 }, 1)).toBe('1 card in the deck');
    expect(t('canvas.deck', { n: 12 }, 12)).toBe('12 cards in the deck');
    expect(t('host.defaultName', { name: 'Ada' })).toBe("Ada's table");
    i18n.global.locale.value = 'it';
    expect(t('canvas.deck', { n: 12 }, 12)).toBe('12 carte nel mazzo');
    i18n.global.locale.value = 'ko';
    expect(t('rule.I.name')).toBe('남색');
  });

  it('holds only English up front and fetches a language when it is chosen', async () => {
    const i18n = makeI18n('en');
    const t = i18n.global.t;
    expect(i18n.global.availableLocales).toEqual(['en']);
    // English up front is the core's words; a screen's come with the screen (i18n/words.ts).
    expect(i18n.global.te('common.close', 'en')).toBe(true);
    expect(i18n.global.te('rule.I.name', 'en')).toBe(false);
    i18n.global.locale.value = 'ko';
    // English stands in until Korean arrives; Korean comes whole.
    expect(t('common.close')).toBe(en.common.close);
    await eventually(() => expect(t('common.close')).toBe(ko.common.close));
    expect(t('rule.I.name')).toBe('남색');
    expect(i18n.global.availableLocales).toEqual(['en', 'ko']);
    await loadLocale(i18n, 'it');
    expect(i18n.global.availableLocales).toEqual(['en', 'it', 'ko']);
    expect(i18n.global.locale.value).toBe('ko');
  });

  it('starts with the chosen language fetched, not the others', async () => {
    const i18n = makeI18n('it');
    // Asked before Italian came, a table's word would fall back to the core's English, which lacks it.
    await eventually(() => expect(i18n.global.availableLocales).toContain('it'));
    expect(i18n.global.t('canvas.deck', { n: 12 }, 12)).toBe('12 carte nel mazzo');
    expect(i18n.global.availableLocales).toEqual(['en', 'it']);
  });
});
