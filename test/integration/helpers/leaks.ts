import type { GameState, LogEntry, SeatView } from '../../../shared/engine';
import { applyDelta, type ServerMessage } from '../../../shared/protocol';

const CARD = /\b[ROYGBIV][1-7]\b/;
/** Random ids may spell a card by chance; every other string is free text or data. */
const RANDOM_KEYS = new Set(['token', 'tableId', 'id']);

/** Does any string in the message (free text too) name a card? */
function mentionsCard(value: unknown, key = ''): boolean {
  if (typeof value === 'string') return !RANDOM_KEYS.has(key) && CARD.test(value);
  if (Array.isArray(value)) return value.some((v) => mentionsCard(v));
  if (value && typeof value === 'object') return Object.entries(value).some(([k, v]) => mentionsCard(v, k));
  return false;
}
const SEAT_VIEW_KEYS = new Set([
  'seat', 'options', 'phase', 'round', 'current', 'turn', 'rule', 'canvas', 'palettes', 'out', 'hand',
  'handSizes', 'deckSize', 'deckKnownTop', 'scores', 'scored', 'roundWinner', 'gameOver', 'winners',
  'leader', 'legalMoves', 'log', 'moveCount',
]); // prettier-ignore
const DELTA_KEYS = new Set(['type', 'tableId', 'from', 'to', 'logFrom', 'log', 'set']);

const lastDeal = (log: LogEntry[]) => log.findLastIndex((e) => e.kind === 'deal');

/** Cards in `seat`'s hand that everyone may know: drawn this round from the public top of the deck. */
function publicHandCards(state: GameState, seat: number): Set<string> {
  const known = new Set<string>();
  for (const e of state.log.slice(lastDeal(state.log))) {
    if (e.kind === 'draw' && e.seat === seat && e.known && e.card) known.add(e.card);
  }
  return new Set(state.hands[seat].filter((c) => known.has(c)));
}

/** What `viewer` must not learn in `state`: other seats' hidden hand cards and the unknown deck. */
export function secretsFor(state: GameState, viewer: number | null): string[] {
  const secret: string[] = [];
  state.hands.forEach((hand, seat) => {
    if (seat === viewer) return;
    const open = publicHandCards(state, seat);
    for (const c of hand) if (!open.has(c)) secret.push(c);
  });
  secret.push(...state.deck.slice(0, state.deck.length - state.knownTop));
  return secret;
}

/**
 * Checks every frame a connection received against the host's truth (`states[m]` = the game after m
 * moves). A `viewDelta` is checked for unknown fields, then applied to the view the frames so far built,
 * and that view is checked as a whole one is: what a delta carries ends up in it. Returns the problems
 * found (none: nothing leaked).
 */
export function findLeaks(
  frames: string[],
  viewer: number | null,
  states: GameState[],
  secrets: { seed: number; otherTokens: string[] },
): string[] {
  const problems: string[] = [];
  const seedText = new RegExp(`\\b${secrets.seed}\\b`);
  let held: SeatView | null = null;
  frames.forEach((text, i) => {
    const where = `frame ${i} to ${viewer === null ? 'a spectator' : `seat ${viewer}`}`;
    for (const token of secrets.otherTokens)
      if (text.includes(token)) problems.push(`${where}: another seat's token`);
    if (/"(seed|rng|deck|hands)":/.test(text)) problems.push(`${where}: a host-only field`);
    if (secrets.seed >= 100_000 && seedText.test(text)) problems.push(`${where}: the seed`);
    const msg = JSON.parse(text) as ServerMessage;
    let view: SeatView;
    if (msg.type === 'view') {
      view = msg.view;
    } else if (msg.type === 'viewDelta') {
      for (const key of Object.keys(msg))
        if (!DELTA_KEYS.has(key)) problems.push(`${where}: unknown field ${key}`);
      for (const key of Object.keys(msg.set))
        if (!SEAT_VIEW_KEYS.has(key) || key === 'log' || key === 'moveCount')
          problems.push(`${where}: unknown field set.${key}`);
      const applied = held ? applyDelta(held, msg) : null;
      if (!applied?.ok) return void problems.push(`${where}: a delta that does not apply to the view held`);
      view = applied.view;
    } else {
      if (mentionsCard(msg)) problems.push(`${where}: a card outside a view (${msg.type})`);
      return;
    }
    held = view;
    const state = states[view.moveCount];
    if (!state) return void problems.push(`${where}: a view of move ${view.moveCount}, which the log lacks`);
    for (const key of Object.keys(view))
      if (!SEAT_VIEW_KEYS.has(key)) problems.push(`${where}: unknown field ${key}`);
    const own = viewer === null ? [] : state.hands[viewer];
    if (JSON.stringify([...view.hand].sort()) !== JSON.stringify([...own].sort())) {
      problems.push(`${where}: hand ${view.hand} is not the seat's own ${own}`);
    }
    if (view.log.length !== state.log.length) problems.push(`${where}: log length differs from the host's`);
    view.log.forEach((e, k) => {
      if (e.kind === 'draw' && e.seat !== viewer && !e.known && e.card !== null) {
        problems.push(`${where}: log entry ${k} shows another seat's drawn card`);
      }
    });
    // Current-round content: the view without its history (earlier rounds' cards were public then).
    const current = JSON.stringify({ ...view, log: view.log.slice(lastDeal(view.log)) });
    for (const card of secretsFor(state, viewer)) {
      if (current.includes(`"${card}"`))
        problems.push(`${where}: hidden card ${card} at move ${view.moveCount}`);
    }
  });
  return problems;
}
