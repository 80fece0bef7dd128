// Standings and the lead, in words the renderer can say: who leads, against whom, and what decided it
// (random positions: explain-standings.property.test.ts).
import { describe, expect, it } from 'vitest';
import { RANKING, explainLead, seatStandings } from '../../../shared/engine';
import type { CardId, Rule } from '../../../shared/engine';

const table = (rule: Rule, palettes: CardId[][], out: boolean[] = palettes.map(() => false)) => ({
  rule,
  palettes,
  out,
});

describe('RANKING', () => {
  it('is the colour ranking of docs/rules.md, highest first', () => {
    expect(RANKING).toEqual(['R', 'O', 'Y', 'G', 'B', 'I', 'V']);
  });
});

describe('seatStandings', () => {
  it('gives every seat its counting cards, their number and the best one, out seats included', () => {
    const standings = seatStandings(table('O', [['R3', 'G3', 'B7'], ['V6'], []], [false, true, false]));
    expect(standings).toEqual([
      { seat: 0, out: false, counting: ['R3', 'G3'], size: 2, best: 'R3' },
      { seat: 1, out: true, counting: ['V6'], size: 1, best: 'V6' },
      { seat: 2, out: false, counting: [], size: 0, best: null },
    ]);
  });

  it('takes another rule when asked', () => {
    expect(seatStandings(table('R', [['G2', 'B7']]), 'G')[0]).toMatchObject({ counting: ['G2'], best: 'G2' });
  });
});

describe('explainLead', () => {
  it('same size, same value: the colour decides (Red 5 beats Blue 5)', () => {
    expect(
      explainLead(
        table('R', [
          ['B5', 'V1'],
          ['R5', 'I2'],
        ]),
      ),
    ).toEqual({
      kind: 'higherCard',
      rule: 'R',
      leader: 1,
      runnerUp: 0,
      size: 1,
      leaderBest: 'R5',
      runnerUpBest: 'B5',
      byColor: true,
    });
  });

  it('same size, different values: the value decides', () => {
    // Yellow: three cards of one colour each; Violet 6 beats Red 4.
    const lead = explainLead(table('Y', [['R4', 'R2', 'R1'], ['V6', 'V5', 'V3'], ['G7']]));
    expect(lead).toMatchObject({ kind: 'higherCard', leader: 1, runnerUp: 0, size: 3, byColor: false });
    expect(lead).toMatchObject({ leaderBest: 'V6', runnerUpBest: 'R4' });
  });

  it('more counting cards wins whatever the cards', () => {
    expect(explainLead(table('O', [['R7'], ['V1', 'I1']]))).toEqual({
      kind: 'moreCards',
      rule: 'O',
      leader: 1,
      runnerUp: 0,
      leaderSize: 2,
      runnerUpSize: 1,
    });
  });

  it('nobody leads when no seat still in has a counting card (Green, Violet)', () => {
    expect(explainLead(table('G', [['R7', 'B3'], ['V5']]))).toEqual({ kind: 'nobody', rule: 'G' });
    expect(explainLead(table('V', [['R7'], ['V5'], ['O4', 'Y6'], ['B5']]))).toEqual({
      kind: 'nobody',
      rule: 'V',
    });
  });

  it('alone: the only seat with a counting card leads', () => {
    expect(explainLead(table('G', [['R7'], ['V4'], ['O5']]))).toEqual({
      kind: 'alone',
      rule: 'G',
      leader: 1,
    });
  });

  it('ignores seats that are out, and picks the best of the others as runner-up (4 players)', () => {
    const palettes: CardId[][] = [['R7'], ['O6'], ['Y6'], ['G2']];
    expect(explainLead(table('R', palettes, [true, false, false, false]))).toMatchObject({
      kind: 'higherCard',
      leader: 1,
      runnerUp: 2,
      byColor: true,
    });
    expect(explainLead(table('R', palettes, [true, true, true, false]))).toEqual({
      kind: 'alone',
      rule: 'R',
      leader: 3,
    });
  });

  it('explains each rule (Blue colours, Indigo runs)', () => {
    expect(
      explainLead(
        table('B', [
          ['R1', 'O2', 'Y3'],
          ['V7', 'I7'],
        ]),
      ),
    ).toMatchObject({
      kind: 'moreCards',
      leader: 0,
      leaderSize: 3,
      runnerUpSize: 2,
    });
    expect(
      explainLead(
        table('I', [
          ['R1', 'O2', 'Y3'],
          ['V5', 'I6', 'B7'],
        ]),
      ),
    ).toMatchObject({
      kind: 'higherCard',
      leader: 1,
      leaderBest: 'B7',
      runnerUpBest: 'Y3',
    });
    expect(explainLead(table('B', [['R1']]), 'R')).toEqual({ kind: 'alone', rule: 'R', leader: 0 });
  });
});
