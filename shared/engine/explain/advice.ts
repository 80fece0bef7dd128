import { cardColor, cardValue } from '../cards';
import { advancedDrawOffered, applyMove, legalMoves } from '../game';
import type { IllegalReason } from '../illegal';
import { sameMove } from '../moves';
import { leader } from '../score';
import type { CardId, GameState, Move, Rule, SeatView } from '../types';
import { isOwnTurn, keepingTurns } from './keeping';
import { turnState } from './view-state';
import { whyNot } from './why-not';

/*
 * Before you move: what each choice open to the seat would do, from its view alone. "Keeps you in"
 * always means: some complete turn that starts with this choice ends with the seat still in the
 * round (keepingTurns), so the Action rule's cards are judged with their actions carried out.
 */

/** Who would lead, under which rule. */
export interface Outcome {
  rule: Rule;
  leader: number | null;
  leads: boolean;
}

export interface CardAdvice {
  card: CardId;
  /** Played (with its action, if any) and the turn ended without a discard, it keeps the seat in. */
  play: boolean;
  /** Discarded alone, it keeps the seat in. */
  discard: boolean;
  /** Played, then some card discarded, it keeps the seat in. */
  playThenDiscard: boolean;
  /** Discarded after some play, it keeps the seat in. */
  discardAfterPlay: boolean;
}

export interface TurnAdvice {
  cards: CardAdvice[];
  /** Some complete turn keeps the seat in (false: say so, and offer Pass). */
  anyKeepsIn: boolean;
}

export interface PlayPreview extends Outcome {
  /** rule / leader / leads: right after the card is placed, before its action. */
  legal: boolean;
  illegal: IllegalReason | null;
  /** ANY ONE of these, discarded after this play (its action carried out suitably), keeps the seat in. */
  rescues: CardId[];
  /** Some complete turn starting with this play keeps the seat in. */
  keepsIn: boolean;
  /** The odd card's action (Action rule); happens=false when it would lapse or the card may not be played. */
  action: { value: 1 | 3 | 5 | 7; happens: boolean } | null;
}

export interface DiscardPreview extends Outcome {
  legal: boolean;
  illegal: IllegalReason | null;
  /** Advanced draw after this discard: 'offer' (you may draw), 'auto' (the table draws for you), or null. */
  draw: 'offer' | 'auto' | null;
}

export interface OneChoice {
  seat: number;
  cards: { card: CardId; leads: boolean; keepsIn: boolean }[];
}

export interface SevenChoice {
  card: CardId;
  to: 'canvas' | 'deck';
  legal: boolean;
  /** The seat leads right after it (under the card's colour on the canvas; under the same rule to the deck). */
  leads: boolean;
  /** Some complete turn going on from this choice keeps the seat in. */
  keepsIn: boolean;
}

const outcome = (
  palettes: readonly (readonly CardId[])[],
  rule: Rule,
  out: boolean[],
  seat: number,
): Outcome => {
  const lead = leader(palettes, rule, out);
  return { rule, leader: lead, leads: lead === seat };
};

/** The palettes with `card` added to (or taken from) one seat's palette. */
const withCard = (palettes: CardId[][], seat: number, card: CardId): CardId[][] =>
  palettes.map((p, i) => (i === seat ? [...p, card] : p));
const withoutCard = (palettes: CardId[][], seat: number, card: CardId): CardId[][] =>
  palettes.map((p, i) => (i === seat ? p.filter((c) => c !== card) : p));

const startsWith = (turn: readonly Move[], prefix: readonly Move[]): boolean =>
  prefix.length <= turn.length && prefix.every((move, i) => sameMove(move, turn[i]));

const isFresh = (view: SeatView): boolean =>
  isOwnTurn(view) && view.turn!.played === 0 && !view.turn!.discarded && view.turn!.pending === null;

/** For each hand card: does it keep the seat in as a play, a discard, play + discard? Null unless the turn is fresh. */
export function adviseTurn(view: SeatView): TurnAdvice | null {
  if (!isFresh(view)) return null;
  const turns = keepingTurns(view);
  const ends = (turn: Move[]) => turn[turn.length - 1];
  const withDiscard = (turn: Move[]) => ends(turn).type === 'discard';
  const cards = view.hand.map((card): CardAdvice => {
    const played = turns.filter((t) => startsWith(t, [{ type: 'play', card }]));
    return {
      card,
      play: played.some((t) => !withDiscard(t)),
      discard: turns.some((t) => t.length === 1 && sameMove(t[0], { type: 'discard', card })),
      playThenDiscard: played.some(withDiscard),
      discardAfterPlay: turns.some((t) => t.length > 1 && sameMove(ends(t), { type: 'discard', card })),
    };
  });
  return { cards, anyKeepsIn: turns.length > 0 };
}

/** What playing `card` from the hand would do. Null unless it is the seat's turn and the card in its hand. */
export function previewPlay(view: SeatView, card: CardId): PlayPreview | null {
  if (!isOwnTurn(view) || !view.hand.includes(card)) return null;
  const seat = view.seat!;
  const move: Move = { type: 'play', card };
  const illegal = whyNot(view, move);
  const turns = keepingTurns(view).filter((t) => startsWith(t, [move]));
  // A 3 may draw the public top card of the deck, and that card may be the rescue.
  const rescues = [...view.hand, ...view.deckKnownTop].filter((d) =>
    turns.some((t) => t.length > 1 && sameMove(t[t.length - 1], { type: 'discard', card: d })),
  );
  const value = cardValue(card);
  const action =
    view.options.actionRule && value % 2 === 1
      ? { value: value as 1 | 3 | 5 | 7, happens: illegal === null && actionHappens(view, move) }
      : null;
  return {
    ...outcome(withCard(view.palettes, seat, card), view.rule, view.out, seat),
    legal: illegal === null,
    illegal,
    rescues,
    keepsIn: turns.length > 0,
    action,
  };
}

/** Does the odd card's action take place once it is played (or does it lapse)? */
function actionHappens(view: SeatView, play: Move): boolean {
  const state = turnState(view);
  const next = applyMove(state, play);
  return !next.log.slice(state.log.length).some((entry) => entry.kind === 'actionSkipped');
}

/** What discarding `card` to the canvas would do. Null unless it is the seat's turn and the card in its hand. */
export function previewDiscard(view: SeatView, card: CardId): DiscardPreview | null {
  if (!isOwnTurn(view) || !view.hand.includes(card)) return null;
  const seat = view.seat!;
  const illegal = whyNot(view, { type: 'discard', card });
  const drawn = advancedDrawOffered(view.options, card, view.palettes[seat].length, view.deckSize);
  return {
    ...outcome(view.palettes, cardColor(card), view.out, seat),
    legal: illegal === null,
    illegal,
    draw: drawn ? (view.options.autoDraw ? 'auto' : 'offer') : null,
  };
}

/** Would the seat still be in if its turn ended now? Null unless it is the seat's turn. */
export function previewEnd(view: SeatView): Outcome | null {
  if (!isOwnTurn(view)) return null;
  return outcome(view.palettes, view.rule, view.out, view.seat!);
}

/** Where a 1's or a 7's choice is made, and whether a choice (`move`) leads on to a turn that keeps the seat in. */
interface ActionChoice {
  state: GameState;
  seat: number;
  keepsIn: (move: Move) => boolean;
}

/**
 * The state where the action of a 1 or a 7 is chosen: now if the action is pending, or, given `card`
 * (a 1 or 7 in hand that may be played now), right after playing it. Null when no such choice is (or
 * would be) pending.
 */
function actionChoice(view: SeatView, pending: 'one' | 'seven', card?: CardId): ActionChoice | null {
  if (!isOwnTurn(view)) return null;
  let state = turnState(view);
  const prefix: Move[] = [];
  if (view.turn!.pending !== pending) {
    if (card === undefined) return null;
    const play: Move = { type: 'play', card };
    if (whyNot(view, play) !== null) return null;
    state = applyMove(state, play);
    if (state.turn?.pending !== pending) return null;
    prefix.push(play);
  }
  const turns = keepingTurns(view);
  return {
    state,
    seat: view.seat!,
    keepsIn: (move) => turns.some((t) => startsWith(t, [...prefix, move])),
  };
}

/** The palettes a pending 1 may take from (or would, after playing `card`), and what each card taken does. */
export function oneChoices(view: SeatView, card?: CardId): OneChoice[] {
  const choice = actionChoice(view, 'one', card);
  if (!choice) return [];
  const { state, seat } = choice;
  const result: OneChoice[] = [];
  for (const move of legalMoves(state)) {
    if (move.type !== 'one') continue;
    const leads = outcome(
      withoutCard(state.palettes, move.seat, move.card),
      view.rule,
      state.out,
      seat,
    ).leads;
    const keepsIn = choice.keepsIn(move);
    let target = result.find((r) => r.seat === move.seat);
    if (!target) result.push((target = { seat: move.seat, cards: [] }));
    target.cards.push({ card: move.card, leads, keepsIn });
  }
  return result;
}

/** The choices of a pending 7 (or of one about to be played: `card`), each with the same lead check. */
export function sevenChoices(view: SeatView, card?: CardId): SevenChoice[] {
  const choice = actionChoice(view, 'seven', card);
  if (!choice) return [];
  const { state, seat } = choice;
  const legal = legalMoves(state);
  const destinations =
    state.options.rulesVersion === '1.2' ? (['canvas', 'deck'] as const) : (['canvas'] as const);
  return state.palettes[seat]
    .filter((c) => c !== state.turn!.actionCard)
    .flatMap((c) =>
      destinations.map((to): SevenChoice => {
        const move: Move = { type: 'seven', card: c, to };
        const rule = to === 'canvas' ? cardColor(c) : view.rule;
        return {
          card: c,
          to,
          legal: legal.some((m) => sameMove(m, move)),
          leads: outcome(withoutCard(state.palettes, seat, c), rule, state.out, seat).leads,
          keepsIn: choice.keepsIn(move),
        };
      }),
    );
}

/** While the advanced draw is on offer to the seat: the card it would draw, when that card is public. */
export function drawOffer(view: SeatView): { known: CardId | null } | null {
  if (!isOwnTurn(view) || view.turn!.pending !== 'draw') return null;
  return { known: view.deckKnownTop[0] ?? null };
}
