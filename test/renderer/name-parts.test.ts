import { describe, expect, it } from 'vitest';
import { nameParts } from '../../renderer/src/table-models/nameParts';

describe('nameParts: a line cut around the long names in it', () => {
  const long = '가나다라마바사아자차카타파하거너더러머버서어저처';
  it('sets the long names apart, the words around them as they are (a Korean particle kept)', () => {
    expect(nameParts(`${long}이(가) 규칙을 바꿨습니다`, ['Ada', long])).toEqual([
      { text: long, name: true },
      { text: '이(가) 규칙을 바꿨습니다', name: false },
    ]);
    const w = 'W'.repeat(24);
    expect(nameParts(`${long} leads: 2 cards against 1 (${w}).`, ['Ada', 'Bea', w, long])).toEqual([
      { text: long, name: true },
      { text: ' leads: 2 cards against 1 (', name: false },
      { text: w, name: true },
      { text: ').', name: false },
    ]);
  });
  it('leaves short names in the words (one could match inside a word)', () => {
    expect(nameParts('Bo changed the rule', ['Bo', 'Ada'])).toEqual([
      { text: 'Bo changed the rule', name: false },
    ]);
    expect(nameParts('', ['Ada'])).toEqual([]);
  });
  it('a longer name that holds a shorter one is set apart whole', () => {
    const a = 'Bartolomeo';
    const b = 'Bartolomeo Colleoni';
    expect(nameParts(`${b} leads`, [a, b])).toEqual([
      { text: b, name: true },
      { text: ' leads', name: false },
    ]);
  });
});
