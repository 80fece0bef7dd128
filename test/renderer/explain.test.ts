// @vitest-environment happy-dom
import { createPinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adviseTurn, applyMove, oneChoices, seatStandings, setupState, viewFor } from '../../shared/engine';
import type { CardId, GameOptions, RoundSetup, SeatView } from '../../shared/engine/types';
import type { TableInfo } from '../../shared/protocol';
import CanvasArea from '../../renderer/src/components/CanvasArea.vue';
import SeatPanel from '../../renderer/src/components/SeatPanel.vue';
import TurnPanel from '../../renderer/src/components/TurnPanel.vue';
import TableView from '../../renderer/src/views/TableView.vue';
import { setServices } from '../../renderer/src/services';
import { GameClient } from '../../renderer/src/net/client';
import { webBridge } from '../../renderer/src/bridge/web';
import { MemoryStorage } from './memory-storage';
import type { Locale } from '../../renderer/src/i18n/locales';
import { mountApp, seatView } from './mount';

/*
 * The table explains itself: each seat's standing and who leads and why, in words, from the
 * engine's explanations. Positions are hand-made; the words are checked in English, Italian and Korean.
 */

const three: GameOptions = { players: 3, mode: 'basic', actionRule: false };
const names = ['Ada', 'Bot 2', 'Cy'];

beforeEach(() => {
  setServices({
    bridge: webBridge({
      location: { hostname: '127.0.0.1', port: '47470', protocol: 'http:', origin: 'http://127.0.0.1:47470' },
      fetch: async () => new Response('[]'),
      storage: new MemoryStorage(),
    }),
    createClient: (url) => new GameClient({ url, backoff: { maxAttempts: 0 } }),
    session: new MemoryStorage(),
    local: new MemoryStorage(),
    originWsUrl: null,
  });
});

afterEach(() => {
  document.body.innerHTML = '';
});

/** A 2-seat table as the host describes it, for mounting the whole table view. */
function tableInfo(seatNames: string[]): TableInfo {
  return {
    id: 'tbl12345',
    name: 'Kitchen table',
    players: seatNames.length,
    seats: seatNames.length,
    state: 'playing',
    mode: 'basic',
    actionRule: false,
    rulesVersion: '1.2',
    spectators: 0,
    options: {
      players: 2,
      mode: 'basic',
      actionRule: false,
      rulesVersion: '1.2',
      targetScore: 40,
      autoDraw: false,
      botLevel: 'normal',
    },
    seatList: seatNames.map((name, seat) => ({
      seat,
      name,
      connected: true,
      bot: false,
      standIn: false,
      creator: seat === 0,
      votedOut: false,
      awayMs: null,
      votes: [],
    })),
    awayGraceMs: 60_000,
    game: 1,
  };
}

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

describe('before you move', () => {
  const basic2: GameOptions = { players: 2, mode: 'basic', actionRule: false };
  const action2: GameOptions = { players: 2, mode: 'advanced', actionRule: true };
  const turnPanel = (view: SeatView, selected: CardId | null = null, sevenCard: CardId | null = null) =>
    mountApp(TurnPanel, {
      props: { view, names: ['Ada', 'Bo'], selected, sevenCard, busy: false, advice: adviseTurn(view) },
    });

  it('marks each hand card quietly with what keeps you in', async () => {
    const pinia = createPinia();
    const view = seatView(basic2, {
      hands: [['G6', 'V2', 'B4'], ['I7']],
      palettes: [['O3'], ['Y5']],
      current: 0,
    });
    const w = mountApp(TableView, { props: { info: tableInfo(['Ada', 'Bo']), view } }, pinia);
    const marks = Object.fromEntries(
      w
        .findAll('.my-hand li')
        .map((li) => [
          li.get('[data-card]').attributes('data-card'),
          li.find('[data-testid="keep-mark"]').text(),
        ]),
    );
    expect(marks).toEqual({ G6: 'play', V2: 'discard', B4: 'play + discard' });
    expect(w.get('.my-hand [data-card="G6"]').attributes('aria-label')).toBe('Green 6. keeps you in: play');
    w.unmount();
    const ko = mountApp(TableView, { props: { info: tableInfo(['Ada', 'Bo']), view } }, createPinia(), 'ko');
    expect(ko.findAll('[data-testid="keep-mark"]').map((m) => m.text())).toEqual([
      '내기',
      '규칙',
      '내기 + 규칙',
    ]);
  });

  it('says plainly when no move keeps you in, and offers Pass', () => {
    const view = seatView(basic2, { hands: [['O4'], ['I7']], palettes: [['G5'], ['R7']], current: 0 });
    const w = turnPanel(view);
    expect(w.get('[data-testid="no-keeping-move"]').text()).toBe(
      'No move keeps you in this round. You may pass.',
    );
    expect(w.get('[data-testid="pass"]').classes()).toContain('danger');
    expect(turnPanel(view, null).find('[data-testid="keep-mark"]').exists()).toBe(false);
    const it = mountApp(
      TurnPanel,
      {
        props: {
          view,
          names: ['Ada', 'Bo'],
          selected: null,
          sevenCard: null,
          busy: false,
          advice: adviseTurn(view),
        },
      },
      undefined,
      'it',
    );
    expect(it.get('[data-testid="no-keeping-move"]').text()).toBe(
      'Nessuna mossa ti tiene in gioco in questo round. Puoi passare.',
    );
  });

  it('does not promise a 1’s action when nobody qualifies, and still hints the rescue', () => {
    const view = seatView(action2, {
      hands: [['R1', 'V2', 'G1'], ['I7']],
      palettes: [['O3'], ['Y5']],
      current: 0,
    });
    expect(turnPanel(view, 'R1').get('[data-testid="play-preview"]').text()).toBe(
      'Play Red 1: you would not lead yet. Then discarding Violet 2 would make you lead. Its action would have nothing to do.',
    );
  });

  it('does not preview a 1 or 7 that may not be played', () => {
    // Under Red against a Red 7 nothing keeps Ada in: the 7 and the 1 may not be played at all.
    const view = seatView(action2, { hands: [['O7', 'B1'], ['I2']], palettes: [['G5'], ['R7']], current: 0 });
    for (const card of ['O7', 'B1'] as const) {
      const w = turnPanel(view, card);
      expect(w.find('[data-testid="play-preview"]').exists(), card).toBe(false);
      expect(w.get('[data-testid="play"]').attributes('disabled'), card).toBeDefined();
      expect(w.text()).toContain(
        `Play: A ${card[1]} may only be played if you can still end your turn leading.`,
      );
    }
  });

  it('checks the 7’s deck choice for the lead, as it does the canvas', () => {
    const s = setupState(action2, {
      hands: [['R7', 'V2'], ['I1']],
      palettes: [['O3', 'G2'], ['Y5']],
      current: 0,
    });
    const v = viewFor(applyMove(s, { type: 'play', card: 'R7' }), 0);
    const w = turnPanel(v, null, 'G2');
    expect(w.get('[data-testid="seven-canvas"]').attributes('disabled')).toBeDefined();
    expect(w.get('[data-testid="seven-deck-check"]').text()).toBe(
      'On top of the deck: you would lead under Red',
    );
  });

  it('the draw prompt names the top card when it is face up', () => {
    const s = setupState(action2, {
      hands: [['G6', 'V7'], ['I7']],
      palettes: [['O3', 'B2'], ['Y5']],
      deck: ['R4'],
      knownTop: 1,
      current: 0,
    });
    const v = viewFor(applyMove(s, { type: 'discard', card: 'V7' }), 0);
    expect(turnPanel(v).get('[data-testid="draw-known"]').text()).toBe(
      'The top card of the deck is Red 4 (face up): that is the card you would draw.',
    );
  });

  it('the 1’s prompt names the palettes that qualify and marks the cards that make you lead', () => {
    const s = setupState(action2, {
      hands: [['R1', 'V2'], ['I1']],
      palettes: [['O5'], ['Y5', 'B6']],
      current: 0,
    });
    const v = viewFor(applyMove(s, { type: 'play', card: 'R1' }), 0);
    const w = mountApp(TableView, { props: { info: tableInfo(['Ada', 'Bo']), view: v } }, createPinia());
    expect(w.get('[data-testid="one-seats"]').text()).toBe(
      'You may take from Bo. Cards outlined in green make you lead.',
    );
    // Taking Blue 6 leaves Yellow 5, below Ada's Orange 5 (same number, Orange ranks higher); taking
    // Yellow 5 leaves Blue 6 on top. Only the first is outlined in green.
    const picks = w.findAll('[data-seat="1"] .pickable').map((c) => c.attributes('data-card'));
    expect(picks.sort()).toEqual(['B6', 'Y5']);
    expect(w.findAll('[data-seat="1"] .lead-pick').map((c) => c.attributes('data-card'))).toEqual(['B6']);
    expect(oneChoices(v)[0].cards.find((c) => c.card === 'B6')?.leads).toBe(true);
  });
});
