import { describe, expect, it } from 'vitest';
import { parseGameRecordText, replayRecord } from '../../../shared/record';
import { VARIANTS, randomRecord, withoutSeed } from './games';

// Two random games in every variant: seconds of CPU, so with the properties (game-record.test.ts keeps
// the record's other cases).

describe('a game record', () => {
  it.each(VARIANTS.map((o, i) => [JSON.stringify(o), o, i] as const))(
    'round-trips through JSON and replays every state the host held (%s)',
    (_name, options, i) => {
      for (const seed of [i * 7 + 1, i * 7 + 2]) {
        const { states, record } = randomRecord(options, seed);
        const text = JSON.stringify(record);
        const parsed = parseGameRecordText(text);
        expect(parsed).toEqual({ ok: true, record });
        const replayed = replayRecord(JSON.parse(text));
        if (!replayed.ok) throw new Error(replayed.reason);
        // One replay step per host state: the first deal, then each move (a next round's deal is its nextRound).
        expect(replayed.steps.map((s) => withoutSeed(s.state))).toEqual(states.map(withoutSeed));
        expect(replayed.steps.filter((s) => s.move === null)).toHaveLength(record.rounds.length);
        expect(record.result.scores).toEqual(states[states.length - 1].scores);
      }
    },
  );
});
