import { createPinia, setActivePinia } from 'pinia';
import { beforeEach, describe, expect, it } from 'vitest';
import { webBridge } from '../../renderer/src/bridge/web';
import { CHAPTER_IDS } from '../../renderer/src/learn/chapters';
import { LEARN_KEY, readProgress, useLearnStore } from '../../renderer/src/learn/progress';
import { parseRoute, routeHash } from '../../renderer/src/stores/routes';
import { setServices } from '../../renderer/src/services';
import { MemoryStorage } from './memory-storage';

/* "Learn to play": its addresses, and the progress this device keeps (and the first-start offer). */

let local: MemoryStorage;
function fresh(): ReturnType<typeof useLearnStore> {
  setActivePinia(createPinia());
  setServices({
    bridge: webBridge({
      location: { hostname: '127.0.0.1', port: '47470', protocol: 'http:', origin: 'http://127.0.0.1:47470' },
      fetch: (() => Promise.reject(new Error('no host'))) as unknown as typeof fetch,
      storage: local,
    }),
    createClient: () => {
      throw new Error('no host in these tests');
    },
    session: new MemoryStorage(),
    local,
    originWsUrl: null,
  });
  return useLearnStore();
}
beforeEach(() => {
  local = new MemoryStorage();
});

describe('learn addresses', () => {
  it('reads #/learn and #/learn/<chapter> for every chapter, and writes them back', () => {
    expect(parseRoute('#/learn')).toEqual({ kind: 'learn', chapter: null });
    expect(parseRoute('#/learn/')).toEqual({ kind: 'learn', chapter: null });
    for (const id of CHAPTER_IDS) {
      expect(parseRoute(`#/learn/${id}`)).toEqual({ kind: 'learn', chapter: id });
      expect(routeHash({ kind: 'learn', chapter: id })).toBe(`#/learn/${id}`);
    }
    expect(routeHash({ kind: 'learn', chapter: null })).toBe('#/learn');
  });

  it('refuses a chapter that does not exist, and anything after a chapter', () => {
    expect(parseRoute('#/learn/basics')).toBeNull();
    expect(parseRoute('#/learn/goal/2')).toBeNull();
    expect(parseRoute('#/learnx')).toBeNull();
  });
});

describe('learn progress', () => {
  it('keeps the chapters done and the one left part way, across a reload', () => {
    const learn = fresh();
    learn.reach('turn', 0);
    learn.reach('turn', 1);
    learn.markDone('goal');
    expect(fresh().startScene('turn')).toBe(1);
    const again = fresh();
    expect(again.isDone('goal')).toBe(true);
    expect(again.current).toEqual({ chapter: 'turn', scene: 1 });
    // Another chapter starts at its beginning; finishing the current one clears it.
    expect(again.startScene('ties')).toBe(0);
    again.markDone('turn');
    expect(fresh().current).toBeNull();
    expect(readProgress(local).progress.done).toEqual(['goal', 'turn']);
  });

  it('offers itself once on a first start, and never to a device that has played', () => {
    const first = fresh();
    expect(first.offerShown).toBe(true);
    first.answerOffer();
    expect(fresh().offerShown).toBe(false);
    local = new MemoryStorage();
    local.setItem('red7.seats', '{}');
    expect(fresh().offerShown).toBe(false);
    local = new MemoryStorage();
    local.setItem('red7.setting.playerName', '"Ada"');
    expect(fresh().offerShown).toBe(false);
  });

  it("keeps the bots' pace chosen, normal until then and for progress kept before the choice existed", () => {
    expect(fresh().pace).toBe('normal');
    fresh().setPace('fast');
    expect(fresh().pace).toBe('fast');
    expect(readProgress(local).progress.pace).toBe('fast');
    local.setItem(LEARN_KEY, '{"done":["goal"],"current":null,"offered":true}');
    const older = fresh();
    expect([older.pace, older.isDone('goal')]).toEqual(['normal', true]);
    local.setItem(LEARN_KEY, '{"done":["goal"],"current":null,"offered":true,"pace":"warp"}');
    expect(fresh().isDone('goal')).toBe(false);
  });

  it('reads a damaged or foreign entry as no progress (it never throws)', () => {
    for (const raw of ['{', '[]', '{"done":["nope"],"current":null,"offered":false}', '{"done":[]}']) {
      local.setItem(LEARN_KEY, raw);
      const learn = fresh();
      expect(CHAPTER_IDS.some((id) => learn.isDone(id))).toBe(false);
      expect(learn.current).toBeNull();
    }
  });
});
