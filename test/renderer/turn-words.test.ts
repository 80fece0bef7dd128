// @vitest-environment happy-dom
// A turn in words has no empty step: the out report's sentence the play-test found
// ("Playing Yellow 5, then playing Blue 2, then , would have kept you in.") and the coach's.
// Over random games in every variant: turn-words.property.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import type { Move } from '../../shared/engine/types';
import { coachWordsIn } from './mount';

const names = ['Ada', 'Bo'];

afterEach(() => {
  document.body.innerHTML = '';
});

describe('a turn that ends with `end`', () => {
  const turn: Move[] = [{ type: 'play', card: 'Y5' }, { type: 'play', card: 'B2' }, { type: 'end' }];

  it('keeps you in in a sentence of its worded steps only', () => {
    expect(coachWordsIn('en').keeperLines([turn], names)).toEqual([
      'Playing Yellow 5, then playing Blue 2, would have kept you in.',
    ]);
    expect(coachWordsIn('it').keeperLines([turn], names)).toEqual([
      'Giocare Giallo 5, poi giocare Blu 2: così saresti rimasto in gioco.',
    ]);
    expect(coachWordsIn('ko').keeperLines([turn], names)).toEqual([
      '노랑 5 내기 → 파랑 2 내기로 남을 수 있었습니다.',
    ]);
  });

  it('is told by the coach without it', () => {
    expect(coachWordsIn('en').turnWords(turn, names)).toBe('playing Yellow 5, then playing Blue 2');
    expect(coachWordsIn('ko').turnWords(turn, names)).toBe('노랑 5 내기 → 파랑 2 내기');
  });
});
