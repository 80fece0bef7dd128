import { without } from './cards';
import type { GameState, LogEntry } from './types';

/**
 * What a log entry changes on the table: the one place where a move's effects are written. The engine's
 * step decides which entries a move makes and applies each with this; a replay of the log (explain/replay)
 * applies the same entries to a state rebuilt from a seat's view, so the two cannot drift apart. Mutates
 * `s`. A turn's own progress (what was played, what is pending) is the step's, not the log's.
 * A `deal` changes nothing here: the shuffle it reports is done before it (dealRound), hidden.
 * A `draw` takes the deck's top card whatever the entry says (a seat's view of another's draw has none).
 */
export function applyEntry(s: GameState, e: LogEntry): void {
  switch (e.kind) {
    case 'play':
      s.hands[e.seat] = without(s.hands[e.seat], e.card);
      s.palettes[e.seat].push(e.card);
      break;
    case 'discard':
      s.hands[e.seat] = without(s.hands[e.seat], e.card);
      s.canvas.push(e.card);
      break;
    case 'draw':
      if (e.known) s.knownTop -= 1;
      s.hands[e.seat].push(s.deck.pop()!);
      break;
    case 'seven':
      s.palettes[e.seat] = without(s.palettes[e.seat], e.card);
      if (e.to === 'canvas') s.canvas.push(e.card);
      else putOnDeck(s, e.card);
      break;
    case 'one':
      s.palettes[e.target] = without(s.palettes[e.target], e.card);
      putOnDeck(s, e.card);
      break;
    case 'out':
      s.out[e.seat] = true;
      break;
    case 'turn':
      s.current = e.seat;
      s.turn = { actionCard: null, played: 0, discarded: false, pending: null };
      break;
    case 'roundWon':
      s.current = null;
      s.turn = null;
      s.roundWinner = e.seat;
      s.palettes[e.seat] = s.palettes[e.seat].filter((card) => !e.scored.includes(card));
      s.scored[e.seat].push(...e.scored);
      s.scores[e.seat] += e.points;
      s.phase = 'roundOver';
      break;
    case 'gameOver':
      s.phase = 'gameOver';
      s.winners = [...e.winners];
      break;
    case 'deal':
    case 'noDraw':
    case 'actionSkipped':
      break;
  }
}

/** A 7 or a 1 puts a palette card face up on the deck. */
function putOnDeck(s: GameState, card: GameState['deck'][number]): void {
  s.deck.push(card);
  s.knownTop += 1;
}

/** The number the next turn of the round gets: one more than the round's latest, 1 right after a deal. */
export function nextTurnNumber(log: readonly LogEntry[]): number {
  for (let i = log.length - 1; i >= 0; i--) {
    const e = log[i];
    if (e.kind === 'turn') return e.turn + 1;
    if (e.kind === 'deal') return 1;
  }
  return 1;
}

/**
 * A card came from the face-down part of the deck: nobody could know it before. A turn is decided on
 * screen up to such a draw, which the host alone can make (docs/protocol.md, "A turn in one message").
 */
export const drawsUnknownCard = (e: LogEntry): boolean => e.kind === 'draw' && !e.known;
