// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { seatStandings } from '../../shared/engine';
import type { CardId, GameOptions, RoundSetup } from '../../shared/engine/types';
import CanvasArea from '../../renderer/src/components/CanvasArea.vue';
import SeatPanel from '../../renderer/src/components/SeatPanel.vue';
import type { Locale } from '../../renderer/src/i18n/locales';
import { mountApp, seatView } from './mount';

/*
 * The table explains itself: each seat's standing and who leads and why, in words, from the
 * engine's explanations. Positions are hand-made; the words are checked in English, Italian and Korean.
 */

const three: GameOptions = { players: 3, mode: 'basic', actionRule: false };
const names = ['Ada', 'Bot 2', 'Cy'];

afterEach(() => {
  document.body.innerHTML = '';
});

const leadLine = (setup: RoundSetup, seat: number | null = 0, locale: Locale = 'en', options = three) =>
  mountApp(CanvasArea, { props: { view: seatView(options, setup, seat), names } }, undefined, locale)
    .get('[data-testid="leader"]')
    .text();

const hands: CardId[][] = [['B1'], ['B3'], ['B5']];

describe('who leads and why', () => {
  it('a tie on size broken by the higher card: "3 cards each, Violet 6 beats Red 4"', () => {
    // Green: Ada has three even cards (best Red 4), Bot 2 three as well (best Violet 6).
    const setup: RoundSetup = {
      hands,
      palettes: [['R4', 'G2', 'I2'], ['V6', 'O2', 'Y2'], ['Y1']],
      canvas: ['G1'],
      current: 0,
    };
    expect(leadLine(setup)).toBe('Bot 2 leads: 3 cards each, Violet 6 beats Red 4.');
    expect(leadLine(setup, 1)).toBe('You lead: 3 cards each, Violet 6 beats Red 4.');
    expect(leadLine(setup, 0, 'it')).toBe('Bot 2 è in testa: 3 carte a testa, Viola 6 batte Rosso 4.');
    expect(leadLine(setup, 0, 'ko')).toBe('Bot 2가 1위: 각각 3장, 보라 6이 빨강 4보다 높습니다.');
  });

  it('a tie on the number broken by the colour ranking, said in words', () => {
    const setup: RoundSetup = { hands, palettes: [['O6'], ['R6'], ['Y2']], current: 0 };
    expect(leadLine(setup)).toBe(
      'Bot 2 leads: 1 card each, Red 6 beats Orange 6. Same number: Red ranks above Orange.',
    );
    expect(leadLine(setup, 0, 'ko')).toBe(
      'Bot 2가 1위: 각각 1장, 빨강 6이 주황 6보다 높습니다. 숫자가 같으면 색 순서: 빨강이 주황보다 높습니다.',
    );
  });

  it('more counting cards, and the only palette with one', () => {
    const more: RoundSetup = { hands, palettes: [['G2', 'O4'], ['R6'], ['Y5']], canvas: ['G1'], current: 1 };
    expect(leadLine(more, 1)).toBe('Ada leads: 2 cards against 1 (yours).');
    const alone: RoundSetup = { hands, palettes: [['G2', 'O5'], ['R7'], ['Y5']], canvas: ['G1'], current: 1 };
    expect(leadLine(alone, 0)).toBe('You lead: the only palette with a card that counts.');
  });

  it('nobody leads, and what that means for the player to act', () => {
    const setup: RoundSetup = { hands, palettes: [['O5'], ['R7'], ['Y3']], canvas: ['G1'], current: 0 };
    expect(leadLine(setup, 0)).toBe(
      'Nobody leads: no palette has a card that counts under Green. End your turn with a card that counts, or you are out.',
    );
    expect(leadLine(setup, 2)).toBe(
      'Nobody leads: no palette has a card that counts under Green. Ada must end the turn with a card that counts.',
    );
    expect(leadLine(setup, 2, 'it')).toContain('Ada deve terminare il turno con una carta che conta.');
  });
});

describe('standings', () => {
  it('each seat shows how many cards count and the best of them, counting cards marked', () => {
    const view = seatView(three, {
      hands,
      palettes: [['V2', 'O3', 'G6'], ['R1'], ['Y5']],
      canvas: ['V4'],
      current: 0,
    });
    const standing = (seat: number, locale: Locale = 'en') => {
      const w = mountApp(
        SeatPanel,
        { props: { view, seat, name: names[seat], info: null, standing: seatStandings(view)[seat] } },
        undefined,
        locale,
      );
      return {
        text: w.get('[data-testid="standing"]').text(),
        marked: w.findAll('.card.counting').map((c) => c.attributes('data-card')),
      };
    };
    expect(standing(0)).toEqual({ text: '2 cards · best Orange 3', marked: ['V2', 'O3'] });
    expect(standing(1)).toEqual({ text: '1 card: Red 1', marked: ['R1'] });
    expect(standing(2)).toEqual({ text: 'nothing counts', marked: [] });
    expect(standing(0, 'it').text).toBe('2 carte · la migliore Arancione 3');
    expect(standing(0, 'ko').text).toBe('2장 · 최고 주황 3');
  });
});
