import { describe, expect, it } from 'vitest';
import { fetchHistory, fetchRecord, historyHost } from '../../renderer/src/net/history';

/** A fetch that answers once with `status` and `body` (or fails like a closed port), and keeps the URL asked. */
function fakeFetch(status: number | 'down', body: unknown = {}) {
  const urls: string[] = [];
  const fn = (async (url: string) => {
    urls.push(url);
    if (status === 'down') throw new TypeError('Failed to fetch');
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  }) as unknown as typeof fetch;
  return { fn, urls };
}

describe('asking a host for its history', () => {
  it('asks the page’s own host by path, another by its address; the name trimmed, the cursor passed on', async () => {
    const here = fakeFetch(200, { games: [], next: null });
    await fetchHistory(null, { player: '  Ann ', cursor: '17.abc-1' }, here.fn);
    expect(here.urls).toEqual(['/api/history?limit=20&cursor=17.abc-1&player=Ann']);
    const there = fakeFetch(200, { games: [], next: null });
    await fetchHistory({ address: 'fd00::5', port: 5000 }, { limit: 5, player: '' }, there.fn);
    expect(there.urls).toEqual(['http://[fd00::5]:5000/api/history?limit=5']);
    const one = fakeFetch(200, { id: 'x' });
    await fetchRecord({ address: '10.0.0.5', port: 47470 }, 'abc_D-2', one.fn);
    expect(one.urls).toEqual(['http://10.0.0.5:47470/api/history/abc_D-2']);
  });

  it('tells no answer, no such game and a refusal (with the host’s reason) apart', async () => {
    expect(await fetchHistory(null, {}, fakeFetch('down').fn)).toEqual({ ok: false, problem: 'unreachable' });
    expect(
      await fetchRecord(null, 'a-1', fakeFetch(404, { error: 'no such finished game on this host' }).fn),
    ).toEqual({ ok: false, problem: 'missing' });
    expect(
      await fetchHistory(null, {}, fakeFetch(400, { error: 'limit must be a whole number' }).fn),
    ).toEqual({
      ok: false,
      problem: 'refused',
      reason: 'limit must be a whole number',
    });
    expect(await fetchHistory(null, {}, fakeFetch(200, '<html>not json').fn)).toEqual({
      ok: false,
      problem: 'refused',
      reason: 'HTTP 200',
    });
    const page = { games: [], next: '1.a-1' };
    expect(await fetchHistory(null, {}, fakeFetch(200, page).fn)).toEqual({ ok: true, value: page });
  });

  it('knows whose history to show: the named host, the page’s own, or the desktop app’s own host while it runs', () => {
    const named = { address: '10.0.0.9', port: 47471 };
    expect(historyHost(named, 'desktop', { running: false })).toBe(named);
    expect(historyHost(null, 'web', { running: true, port: 47470 })).toBeNull();
    expect(historyHost(null, 'desktop', { running: true, port: 47472 })).toEqual({
      address: '127.0.0.1',
      port: 47472,
    });
    expect(historyHost(null, 'desktop', { running: false })).toBe('none');
  });
});
