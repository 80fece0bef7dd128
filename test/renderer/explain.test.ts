// @vitest-environment happy-dom
import { createPinia } from 'pinia';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyMove, explainOut, oneChoices, seatStandings, setupState, viewFor } from '../../shared/engine';
import type { CardId, GameOptions, RoundSetup, SeatView } from '../../shared/engine/types';
import CanvasArea from '../../renderer/src/components/board/CanvasArea.vue';
import OutReport from '../../renderer/src/components/board/OutReport.vue';
import RoundSummary from '../../renderer/src/components/round/RoundSummary.vue';
import SeatPanel from '../../renderer/src/components/board/SeatPanel.vue';
import TurnPanel from '../../renderer/src/components/table/TurnPanel.vue';
import TableView from '../../renderer/src/views/TableView.vue';
import { NARROW } from '../../renderer/src/table-models/media';
import type { Locale } from '../../renderer/src/i18n/locales';
import { MemoryStorage } from './memory-storage';
import { mountApp, seatInfo, seatView, tableInfo as tableOf, turnPanelProps, useTestServices } from './mount';

/*
 * The table explains itself: each seat's standing and who leads and why, in words, from the
 * engine's explanations. Positions are hand-made; the words are checked in English, Italian and Korean.
 */

/** The table view's description of a table with these people seated. */
const tableInfo = (seatNames: string[]) => tableOf(seatNames.map((name, seat) => seatInfo(seat, name)));

const three: GameOptions = { players: 3, mode: 'basic', actionRule: false };
const names = ['Ada', 'Bot 2', 'Cy'];

beforeEach(() => useTestServices());

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
    expect(standing(0)).toEqual({ text: '2 count · best Orange 3', marked: ['V2', 'O3'] });
    expect(standing(1)).toEqual({ text: 'Red 1 counts', marked: ['R1'] });
    expect(standing(2)).toEqual({ text: 'nothing counts', marked: [] });
    expect(standing(0, 'it').text).toBe('2 contano · la migliore Arancione 3');
    expect(standing(0, 'ko').text).toBe('셈 2장 · 최고 주황 3');
  });
});

describe('before you move', () => {
  const basic2: GameOptions = { players: 2, mode: 'basic', actionRule: false };
  const action2: GameOptions = { players: 2, mode: 'advanced', actionRule: true };
  const turnPanel = (view: SeatView, selected: CardId | null = null, sevenCard: CardId | null = null) =>
    mountApp(TurnPanel, {
      props: { ...turnPanelProps(view, { selected, sevenCard }), names: ['Ada', 'Bo'] },
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

  it('says "or" for a card that keeps you in either way, unlike the play-then-discard mark', () => {
    const view = seatView(basic2, {
      hands: [['O6', 'V2'], ['I7']],
      palettes: [['O3', 'R3'], ['Y5']],
      current: 0,
    });
    const marks = (locale?: 'it' | 'ko') => {
      const w = mountApp(
        TableView,
        { props: { info: tableInfo(['Ada', 'Bo']), view } },
        createPinia(),
        locale,
      );
      const out = w.findAll('[data-testid="keep-mark"]').map((m) => m.text());
      const label = w.get('.my-hand [data-card="O6"]').attributes('aria-label');
      w.unmount();
      return { out, label };
    };
    expect(marks()).toEqual({
      out: ['play or discard', 'discard'],
      label: 'Orange 6. keeps you in: play or discard',
    });
    expect(marks('it').out).toEqual(['gioca o scarta', 'scarta']);
    expect(marks('ko').out).toEqual(['내기 또는 규칙', '규칙']);
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
        props: { ...turnPanelProps(view), names: ['Ada', 'Bo'] },
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
      'Play Red 1: you would not lead yet. Its action would have nothing to do. Then discarding Violet 2 would make you lead.',
    );
  });

  it("gives a play one verdict, the card hint's, and words its steps in the order they happen", () => {
    // Under Red, Red 5 alone loses to Bo's Yellow 6; its action (another play) or a discard after it keeps
    // Ada in: the hand marks it "play", so its preview is a ✓, and the 5's action comes before the discard.
    const view = seatView(action2, {
      hands: [['R5', 'G7', 'B2'], ['I7']],
      palettes: [['O3'], ['Y6']],
      current: 0,
    });
    const marks = mountApp(TableView, { props: { info: tableInfo(['Ada', 'Bo']), view } }, createPinia());
    expect(marks.get('.my-hand li:has([data-card="R5"]) [data-testid="keep-mark"]').text()).toBe('play');
    marks.unmount();
    const preview = (locale: Locale = 'en') =>
      mountApp(
        TurnPanel,
        { props: { ...turnPanelProps(view, { selected: 'R5' }), names: ['Ada', 'Bo'] } },
        undefined,
        locale,
      ).get('[data-testid="play-preview"]');
    expect(preview().classes()).toContain('good');
    expect(preview().attributes('data-verdict')).toBe('keeps-in');
    expect(preview().text()).toBe(
      'Play Red 5: you would not lead yet. Then its action: play another card. Then discarding Blue 2 would make you lead.',
    );
    expect(preview('it').text()).toBe(
      "Giocare Rosso 5: non saresti ancora in testa. Poi la sua azione: gioca un'altra carta. Poi scartando Blu 2 saresti in testa.",
    );
    expect(preview('ko').text()).toMatch(
      /^빨강 5 내기: 아직 1위가 아닙니다\. 그다음 액션: 카드를 한 장 더 냅니다\. 그다음 파랑 2/,
    );
    // A play after which nothing keeps Ada in stays a ✕.
    const lost = seatView(basic2, { hands: [['O4', 'Y1'], ['I7']], palettes: [['G5'], ['R7']], current: 0 });
    const out = mountApp(TurnPanel, {
      props: { ...turnPanelProps(lost, { selected: 'O4' }), names: ['Ada', 'Bo'] },
    }).get('[data-testid="play-preview"]');
    expect(out.classes()).not.toContain('good');
    expect(out.attributes('data-verdict')).toBe('out');
  });

  it('folds on a phone into the same verdicts the previews give', () => {
    // Red 5 does not lead at once but keeps Ada in (its action, or a discard after it): the folded line
    // says so, as the preview's mark does, rather than "you would not lead".
    const view = seatView(action2, {
      hands: [['R5', 'G7', 'B2'], ['I7']],
      palettes: [['O3'], ['Y6']],
      current: 0,
    });
    const phone = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          matches: query === NARROW,
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    try {
      const panel = mountApp(TurnPanel, {
        props: { ...turnPanelProps(view, { selected: 'R5' }), names: ['Ada', 'Bo'] },
      });
      expect(panel.get('[data-testid="play-preview"]').attributes('data-verdict')).toBe('keeps-in');
      expect(panel.get('[data-testid="verdict-play"]').text()).toBe('Play: keeps you in');
      expect(panel.get('[data-testid="verdict-play"]').classes()).toContain('good');
    } finally {
      phone.mockRestore();
    }
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

describe('card order', () => {
  it('sorting is remembered on this device and lays out the hand and the palettes', async () => {
    const local = new MemoryStorage();
    useTestServices(local);
    const view = seatView(three, {
      hands: [['B4', 'R2', 'V4', 'R6'], ['I7'], ['G1']],
      palettes: [['Y2', 'O5'], ['B1'], ['G2']],
      current: 0,
    });
    const w = mountApp(TableView, { props: { info: tableInfo(['Ada', 'Bo', 'Cy']), view } }, createPinia());
    const hand = () => w.findAll('.my-hand [data-card]').map((c) => c.attributes('data-card'));
    expect(hand()).toEqual(['B4', 'R2', 'V4', 'R6']);
    await w.get('[data-sort="value"]').trigger('click');
    expect(hand()).toEqual(['R6', 'B4', 'V4', 'R2']);
    expect(w.findAll('.my-seat [data-card]').map((c) => c.attributes('data-card'))).toEqual(['O5', 'Y2']);
    await w.get('[data-sort="color"]').trigger('click');
    expect(hand()).toEqual(['R6', 'R2', 'B4', 'V4']);
    w.unmount();
    // A new page on this device keeps the order.
    const again = mountApp(
      TableView,
      { props: { info: tableInfo(['Ada', 'Bo', 'Cy']), view } },
      createPinia(),
    );
    expect(again.findAll('.my-hand [data-card]').map((c) => c.attributes('data-card'))).toEqual([
      'R6',
      'R2',
      'B4',
      'V4',
    ]);
    expect(local.getItem('red7.cardSort')).toBe('color');
  });
});

describe('when you are out', () => {
  // Ada's Orange 6 against Bot 2's Red 6 under Red: she plays Green 3, ends her turn and is out.
  const knockedOut = () => {
    let s = setupState(three, {
      hands: [
        ['G3', 'Y6', 'O1', 'B2'],
        ['V7', 'B5', 'Y4'],
        ['G7', 'I3', 'O2'],
      ],
      palettes: [['O6'], ['R6'], ['Y3']],
      current: 0,
    });
    s = applyMove(s, { type: 'play', card: 'G3' });
    return applyMove(s, { type: 'end' });
  };
  const report = (seat: number, locale: Locale = 'en') => {
    const view = viewFor(knockedOut(), seat);
    const out = explainOut(view);
    if (!out) return null;
    return mountApp(OutReport, { props: { report: out, names, me: seat } }, undefined, locale)
      .findAll('p, li')
      .map((e) => e.text());
  };

  it('tells you (only you) who led, what beat you, and which turns would have kept you in', () => {
    expect(report(0)).toEqual([
      'At the end of your turn you did not lead under Red. Bot 2 leads: 1 card each, Red 6 beats Orange 6. Same number: Red ranks above Orange.',
      'Playing Yellow 6, then discarding any one of Orange 1, Blue 2, or Green 3, would have kept you in.',
      'Playing Orange 1, then discarding Yellow 6, would have kept you in.',
      'Playing Blue 2, then discarding Green 3, would have kept you in.',
      '…and 1 more way.',
    ]);
    // Another seat's view explains nothing about Ada: her hand was never in it.
    expect(report(1)).toBeNull();
  });

  it('in Italian and Korean', () => {
    const it = report(0, 'it')!;
    expect(it[0]).toBe(
      'Alla fine del tuo turno non eri in testa con la regola Rosso. Bot 2 è in testa: 1 carta a testa, Rosso 6 batte Arancione 6. Stesso numero: Rosso viene prima di Arancione.',
    );
    expect(it[2]).toBe('Giocare Arancione 1, poi scartare Giallo 6: così saresti rimasto in gioco.');
    const ko = report(0, 'ko')!;
    expect(ko[0]).toBe(
      '차례를 마칠 때 빨강 규칙에서 1위가 아니었습니다. Bot 2가 1위: 각각 1장, 빨강 6이 주황 6보다 높습니다. 숫자가 같으면 색 순서: 빨강이 주황보다 높습니다.',
    );
    expect(ko[2]).toBe('주황 1 내기 → 노랑 6으로 규칙 바꾸기로 남을 수 있었습니다.');
  });

  it('says so when no move could have kept you in', () => {
    let s = setupState(three, {
      hands: [['O4'], ['I7'], ['B1']],
      palettes: [['G5'], ['R7'], ['Y2']],
      current: 0,
    });
    s = applyMove(s, { type: 'pass' });
    const view = viewFor(s, 0);
    const w = mountApp(OutReport, { props: { report: explainOut(view)!, names, me: 0 } });
    expect(w.findAll('p, li').map((e) => e.text())).toEqual([
      'You passed.',
      'No move could have kept you in.',
    ]);
  });

  it('the round summary shows every final palette, its counting cards and who went out when and why', () => {
    let s = knockedOut();
    // Bot 2 passes; Bot 3, last one in, wins the (Basic) game.
    s = applyMove(s, { type: 'pass' });
    const summary = (locale: Locale) => {
      mountApp(RoundSummary, { props: { view: viewFor(s, 0), names } }, undefined, locale);
      const rows = [...document.querySelectorAll('[data-testid="final-palettes"] li')].map((li) => ({
        text: li.querySelector('.who')?.textContent?.trim(),
        cards: [...li.querySelectorAll('[data-card]')].map((c) => c.getAttribute('data-card')),
        counting: [...li.querySelectorAll('.counting')].map((c) => c.getAttribute('data-card')),
      }));
      const heading = document.querySelector('[data-testid="final-palettes"] h3')?.textContent;
      document.body.innerHTML = '';
      return { heading, rows };
    };
    expect(summary('en')).toEqual({
      heading: 'Final palettes under Red · ★ counts',
      rows: [
        { text: 'Ada (you)out on turn 1: did not lead under Red', cards: ['O6', 'G3'], counting: ['O6'] },
        { text: 'Bot 2out on turn 2: passed', cards: ['R6'], counting: ['R6'] },
        { text: 'Cylast one in: wins', cards: ['Y3'], counting: ['Y3'] },
      ],
    });
    expect(summary('it').rows[0].text).toBe('Ada (tu)fuori al turno 1: non in testa con la regola Rosso');
    expect(summary('ko').rows[1].text).toBe('Bot 22번째 차례에 탈락: 패스');
  });
});

describe('when you are out behind two others', () => {
  it('the comparison that decided the lead, then your own standing', () => {
    // Green: Bot 2 has two even cards, Cy one, Ada none; Ada passes her chance and ends her turn.
    let s = setupState(three, {
      hands: [['R7', 'B5'], ['V3'], ['Y1']],
      palettes: [['O5'], ['G2', 'B4'], ['I6']],
      canvas: ['G1'],
      current: 0,
    });
    s = applyMove(s, { type: 'play', card: 'B5' });
    s = applyMove(s, { type: 'end' });
    const view = viewFor(s, 0);
    const w = mountApp(OutReport, { props: { report: explainOut(view)!, names, me: 0 } });
    expect(w.get('p').text()).toBe(
      'At the end of your turn you did not lead under Green. Bot 2 leads: 2 cards against 1 (Cy). Yours: nothing counts.',
    );
  });
});
