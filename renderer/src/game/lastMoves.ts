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

/** The entries that belong to a turn (a round's deal and results do not). */
function turnSeat(entry: LogEntry): number | null {
  return entry.kind === 'deal' || entry.kind === 'roundWon' || entry.kind === 'gameOver' ? null : entry.seat;
}

/**
 * Each seat's latest turn in the current round. A turn is a run of log entries by one seat: every
 * turn logs at least its play, discard or pass, and one seat never has two turns in a row (the round
 * ends first), so a change of seat is a change of turn.
 */
export function lastMoves(view: Pick<SeatView, 'log' | 'palettes' | 'canvas' | 'deckKnownTop'>): LastMoves {
  const seats = view.palettes.length;
  const bySeat: (SeatLastMove | null)[] = Array.from({ length: seats }, () => null);
  let dealAt = -1;
  view.log.forEach((e, i) => {
    if (e.kind === 'deal') dealAt = i;
  });
  let turn: SeatLastMove | null = null;
  for (const entry of view.log.slice(dealAt + 1)) {
    const seat = turnSeat(entry);
    if (seat === null || seat < 0 || seat >= seats) continue;
    if (turn?.seat !== seat) {
      turn = blank(seat);
      bySeat[seat] = turn;
    }
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
