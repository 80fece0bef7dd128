import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableOptions } from '../../shared/protocol';
import { TestClient } from './helpers/client';
import { testHost, type TestHost } from './helpers/host';
import { findLeaks, secretsFor } from './helpers/leaks';
import { playRandomly, startedTable, viewAt } from './helpers/play';
import { pick, rng } from '../helpers/random';
import { replayGame, truthOf } from './helpers/truth';
import { playWholeTurns } from './helpers/turns';

// Enough to meet every variant several times: planted leaks (a spectator shown the card a 3 drew, one deck
// card too many in deckKnownTop) both fail by game 9.
const GAMES = 60;
const PARALLEL = 8;

/** One random game with a spectator; every frame every connection got is checked against the host's truth. */
async function leakCheckedGame(
  h: TestHost,
  index: number,
): Promise<{ moves: number; frames: number; deltas: number; problems: string[] }> {
  const random = rng(90_000 + index);
  const options: TableOptions = {
    players: pick(random, [2, 3, 4] as const),
    mode: pick(random, ['basic', 'advanced'] as const),
    actionRule: random() < 0.6,
    rulesVersion: pick(random, ['1.1', '1.2'] as const),
    autoDraw: random() < 0.3,
  };
  const { tableId, clients } = await startedTable(h.port, options);
  const spectator = await TestClient.greeted(h.port);
  spectator.send({ type: 'spectate', tableId });
  await viewAt(spectator, 0);
  // One game in four goes in whole turns: a frame then carries several moves, a drawn card among them.
  if (index % 4 === 3) await playWholeTurns([...clients, spectator], truthOf(h.dataDir, tableId), random);
  else await playRandomly([...clients, spectator], random);
  const states = replayGame(h.dataDir, tableId);
  const final = states[states.length - 1];
  const problems: string[] = [];
  if (final.moveCount !== clients[0].view!.moveCount) problems.push(`game ${index}: the log lacks moves`);
  const tokens = clients.map((c) => c.token!);
  for (const c of [...clients, spectator]) {
    problems.push(
      ...findLeaks(c.frames, c.seat === null ? null : c.seat, states, {
        seed: final.seed,
        otherTokens: tokens.filter((t) => t !== c.token),
      }).map((p) => `game ${index} (${JSON.stringify(options)}): ${p}`),
    );
  }
  const frames = [...clients, spectator].reduce((n, c) => n + c.frames.length, 0);
  const deltas = [...clients, spectator].reduce(
    (n, c) => n + c.frames.filter((f) => f.startsWith('{"type":"viewDelta"')).length,
    0,
  );
  await Promise.all([...clients, spectator].map((c) => c.close()));
  return { moves: final.moveCount, frames, deltas, problems };
}

describe('hidden information', () => {
  let h: TestHost;
  beforeAll(async () => {
    // Finished tables are removed soon after their players leave, as on a long-running host.
    h = await testHost({ limits: { idleTableMs: 50 } });
  });
  afterAll(() => h.stop());

  it(
    `never reaches another seat or a spectator over ${GAMES} random games`,
    { timeout: 120_000 },
    async () => {
      let next = 0;
      let moves = 0;
      let frames = 0;
      let deltas = 0;
      const problems: string[] = [];
      const worker = async () => {
        while (next < GAMES) {
          const r = await leakCheckedGame(h, next++);
          moves += r.moves;
          frames += r.frames;
          deltas += r.deltas;
          problems.push(...r.problems);
        }
      };
      await Promise.all(Array.from({ length: PARALLEL }, worker));
      expect(problems.slice(0, 20)).toEqual([]);
      expect(h.problems).toEqual([]);
      // The check looked at real games, not empty ones.
      expect(moves).toBeGreaterThan(GAMES * 10);
      expect(frames).toBeGreaterThan(moves);
      // Most game frames are deltas, and each was checked through the view it builds.
      expect(deltas).toBeGreaterThan(moves);
    },
  );
});

describe('the leak check itself', () => {
  let h: TestHost;
  beforeAll(async () => {
    h = await testHost();
  });
  afterAll(() => h.stop());

  it('catches planted leaks: another hand, a drawn card, the deck, the seed, a token', async () => {
    const options: TableOptions = { players: 3, mode: 'advanced', actionRule: true };
    const { tableId, clients } = await startedTable(h.port, options);
    await playRandomly(clients, rng(7), (m) => m >= 6);
    const states = replayGame(h.dataDir, tableId);
    const state = states[states.length - 1];
    const frames = clients[0].frames;
    const clean = { seed: state.seed, otherTokens: [clients[1].token!] };
    expect(findLeaks(frames, 0, states, clean)).toEqual([]);

    const last = JSON.parse(frames.findLast((f) => f.includes('"view"'))!);
    const planted = (mutate: (v: Record<string, unknown>) => void) => {
      const copy = structuredClone(last);
      mutate(copy.view);
      return findLeaks([JSON.stringify(copy)], 0, states, clean);
    };
    // A card hidden from seat 0 when the frame was sent (the deal is random: a seat may hold none by then,
    // and a card in a hand at the end may have been public at that move, in a palette).
    const hiddenAt = (m: number): string => secretsFor(states[m], 0)[0];
    const other = hiddenAt(last.view.moveCount);
    expect(other).toBeDefined();
    expect(planted((v) => (v.handSizes = [other]))).not.toEqual([]);
    expect(planted((v) => (v.hand = [...(v.hand as string[]), other]))).not.toEqual([]);
    expect(planted((v) => (v.deckKnownTop = [other]))).not.toEqual([]);
    expect(planted((v) => (v.seed = state.seed))).not.toEqual([]);
    expect(
      planted((v) =>
        (v.log as unknown[]).push({ kind: 'draw', seat: 2, card: 'R1', known: false, cause: 'three' }),
      ),
    ).not.toEqual([]);
    expect(
      findLeaks([JSON.stringify({ type: 'table', note: clients[1].token })], 0, states, clean),
    ).not.toEqual([]);

    // The same leaks planted in a delta: it is checked through the view it builds.
    const at = frames.findLastIndex((f) => f.startsWith('{"type":"viewDelta"'));
    expect(at).toBeGreaterThan(0);
    const plantedDelta = (mutate: (d: Record<string, unknown>) => void) => {
      const copy = JSON.parse(frames[at]);
      mutate(copy);
      return findLeaks([...frames.slice(0, at), JSON.stringify(copy)], 0, states, clean);
    };
    expect(plantedDelta(() => {})).toEqual([]);
    const withSet = (extra: Record<string, unknown>) => (d: Record<string, unknown>) =>
      (d.set = { ...(d.set as object), ...extra });
    const heldView = JSON.parse(frames[at]) as { to: number };
    const hand = states[heldView.to].hands[0];
    const otherThen = hiddenAt(heldView.to);
    expect(plantedDelta(withSet({ hand: [...hand, otherThen] }))).not.toEqual([]);
    expect(plantedDelta(withSet({ hands: [[otherThen]] }))).not.toEqual([]);
    expect(plantedDelta(withSet({ deckKnownTop: [otherThen] }))).not.toEqual([]);
    expect(plantedDelta((d) => (d.seed = state.seed))).not.toEqual([]);
    expect(
      plantedDelta((d) =>
        (d.log as unknown[]).push({ kind: 'draw', seat: 2, card: 'R1', known: false, cause: 'three' }),
      ),
    ).not.toEqual([]);
    expect(plantedDelta((d) => (d.from = (d.from as number) - 1))).not.toEqual([]);
    expect(
      findLeaks([JSON.stringify({ type: 'error', reason: `you hold "${other}"` })], 0, states, clean),
    ).not.toEqual([]);
    await Promise.all(clients.map((c) => c.close()));
  });
});
