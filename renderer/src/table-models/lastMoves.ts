import { turnsInRound } from '../../../shared/engine';
import type { CardId, LogEntry, SeatView } from '../../../shared/engine/types';

/** What one seat did in its latest turn of this round, read from the public log. */
export interface SeatLastMove {
  seat: number;
  /** Cards played from its hand into its palette, in order. */
  played: CardId[];
  /** The hand card it put on the canvas. */
  discarded: CardId | null;
  /** Its 7 moved this palette card to the canvas or onto the deck. */
  seven: { card: CardId; to: 'canvas' | 'deck' } | null;
  /** Its 1 took this card from another palette onto the deck. */
  took: { from: number; card: CardId } | null;
  /** Cards it drew (a 3, the advanced draw). */
  drew: number;
  /** It left the round in that turn (passed, did not lead, or had no card left). */
  out: boolean;
}

/** The marks the table draws so everyone can follow: each seat's latest cards stay marked until it moves again. */
export interface LastMoves {
  bySeat: (SeatLastMove | null)[];
  /** By seat: the palette cards that seat played in its latest turn (still in its palette). */
  palette: CardId[][];
  /** The top canvas card when a seat put it there in its latest turn: the latest rule change. */
  canvas: { seat: number; card: CardId; how: 'discard' | 'seven' } | null;
  /** Public deck cards a 7 or a 1 put there in their seat's latest turn. */
  deck: { seat: number; card: CardId }[];
}

function blank(seat: number): SeatLastMove {
  return { seat, played: [], discarded: null, seven: null, took: null, drew: 0, out: false };
}

/** What `seat` did in the entries of one of its turns; null when it has done nothing yet (the turn just opened). */
function movesIn(seat: number, entries: readonly LogEntry[]): SeatLastMove | null {
  const turn = blank(seat);
  let any = false;
  for (const entry of entries) {
    if (!('seat' in entry) || entry.seat !== seat) continue;
    any = true;
    switch (entry.kind) {
      case 'play':
        turn.played.push(entry.card);
        break;
      case 'discard':
        turn.discarded = entry.card;
        break;
      case 'seven':
        turn.seven = { card: entry.card, to: entry.to };
        break;
      case 'one':
        turn.took = { from: entry.target, card: entry.card };
        break;
      case 'draw':
        turn.drew += 1;
        break;
      case 'out':
        turn.out = true;
        break;
      default:
        break;
    }
  }
  return any ? turn : null;
}

/**
 * Each seat's latest turn in the current round, as the log's `turn` entries delimit them. A seat that
 * went out for want of cards had no turn: that `out` closes the turn before it, and is its latest news.
 */
export function lastMoves(view: Pick<SeatView, 'log' | 'palettes' | 'canvas' | 'deckKnownTop'>): LastMoves {
  const seats = view.palettes.length;
  const bySeat: (SeatLastMove | null)[] = Array.from({ length: seats }, () => null);
  const valid = (seat: number) => seat >= 0 && seat < seats;
  for (const turn of turnsInRound(view.log)) {
    const mine = valid(turn.seat) ? movesIn(turn.seat, turn.entries) : null;
    if (mine) bySeat[turn.seat] = mine;
    for (const e of turn.entries)
      if (e.kind === 'out' && e.seat !== turn.seat && valid(e.seat))
        bySeat[e.seat] = { ...blank(e.seat), out: true };
  }

  const palette = bySeat.map((m, seat) =>
    m ? m.played.filter((c) => view.palettes[seat]?.includes(c)) : [],
  );
  const top = view.canvas.at(-1) ?? null;
  let canvas: LastMoves['canvas'] = null;
  const deck: LastMoves['deck'] = [];
  for (const m of bySeat) {
    if (!m) continue;
    if (top && m.discarded === top) canvas = { seat: m.seat, card: top, how: 'discard' };
    if (top && m.seven?.to === 'canvas' && m.seven.card === top)
      canvas = { seat: m.seat, card: top, how: 'seven' };
    for (const card of [m.seven?.to === 'deck' ? m.seven.card : null, m.took?.card ?? null])
      if (card && view.deckKnownTop.includes(card)) deck.push({ seat: m.seat, card });
  }
  return { bySeat, palette, canvas, deck };
}
