import { sameMove } from '../../../shared/engine';
import type { CardId, Move, SeatView } from '../../../shared/engine';
import { TURN_STEPS_MAX } from '../../../shared/protocol';
import { pick } from '../../helpers/random';

/** Who sends a hostile frame: the seat to move, the other seat, a greeted stranger, an un-greeted socket. */
export type Sender = 'current' | 'other' | 'stranger' | 'rude';

export interface HostileFrame {
  sender: Sender;
  data: string | Buffer;
  binary?: boolean;
  kind: string;
}

const CARDS = 'ROYGBIV'.split('').flatMap((c) => [1, 2, 3, 4, 5, 6, 7].map((v) => `${c}${v}`));
const WRONG_VALUES: unknown[] = [
  null,
  true,
  -1,
  1.5,
  1e300,
  'x',
  '',
  [],
  {},
  [1, 2],
  { a: 1 },
  2 ** 53,
  'R8',
  '💥',
];

/** Characters a reason must never echo: controls, bidi overrides and isolates, zero-width and BOM. */
export const UNSAFE_CHARS = [
  '\u0000', '\t', '\n', '\r', '\u001b', '\u007f', '\u0085', '\u009b', '\u200b', '\u200e', '\u202a',
  '\u202e', '\u2066', '\u2067', '\u2068', '\u2069', '\ufeff', '\u2028', '\u2029', '\ud800',
]; // prettier-ignore

/** Text laced with unsafe characters, sometimes far longer than any field allows. */
export function hostileText(random: () => number): string {
  const n = 1 + Math.floor(random() * (random() < 0.1 ? 400 : 24));
  let s = '';
  for (let i = 0; i < n; i++)
    s += random() < 0.4 ? pick(random, UNSAFE_CHARS) : pick(random, [...'aZ7 "\\é💥']);
  return s;
}

function randomText(random: () => number, max: number): string {
  const n = Math.floor(random() * max);
  let s = '';
  for (let i = 0; i < n; i++) s += String.fromCharCode(Math.floor(random() * 0x3000));
  return s;
}

/** Fields a template holds that a valid message may leave out (a bot seat's level, think time, language). */
const OPTIONAL_LEAVES = new Set(['level', 'think', 'lang']);

/** A message that is valid in shape; the fuzzer then breaks one field of it. */
function templates(view: SeatView): Record<string, unknown>[] {
  return [
    { type: 'hello', protocol: 1 },
    {
      type: 'createTable',
      name: 'T',
      player: 'P',
      options: { players: 2, mode: 'basic', actionRule: false },
    },
    {
      type: 'createTable',
      name: 'T',
      player: 'P',
      options: { players: 3, mode: 'basic', actionRule: false },
      bots: [{ seat: 1, level: 'hard', think: 'quick' }, 2],
      lang: 'ko',
    },
    { type: 'join', tableId: 'abcdefgh', name: 'Eve' },
    { type: 'join', tableId: 'abcdefgh', name: 'Eve', code: '1234' },
    { type: 'resume', token: 'A'.repeat(43) },
    { type: 'spectate', tableId: 'abcdefgh' },
    { type: 'setBot', seat: 1, bot: true },
    { type: 'lockTable', locked: true, watchers: false },
    { type: 'setCode', code: '1234' },
    { type: 'removePerson', seat: 1 },
    { type: 'setBot', seat: 1, bot: true, level: 'easy', think: 'long', lang: 'it' },
    { type: 'turn', steps: [{ type: 'play', card: 'R7' }], moveCount: view.moveCount },
    { type: 'turn', steps: [{ type: 'one', seat: 1, card: 'R7' }], moveCount: view.moveCount },
    { type: 'turn', steps: [{ type: 'seven', card: 'R7', to: 'deck' }], moveCount: view.moveCount },
    { type: 'turn', steps: [{ type: 'nextRound' }], moveCount: view.moveCount },
    {
      type: 'turn',
      steps: [
        { type: 'play', card: 'R5' },
        { type: 'play', card: 'O3' },
        { type: 'discard', card: 'Y2' },
      ],
      moveCount: view.moveCount,
    },
    { type: 'replaceByBot', seat: 1 },
    { type: 'botTurn', seat: 1 },
    { type: 'voteOut', seat: 1 },
    { type: 'react', reaction: 'clap' },
    // An evening's (no optional leaves: without one the message would still be valid).
    {
      type: 'openEvening',
      settings: { name: 'E', game: { mode: 'basic', actionRule: false }, prefer: 3, heats: 2 },
      player: 'P',
    },
    { type: 'joinEvening', name: 'Eve' },
    { type: 'resumeEvening', token: 'A'.repeat(43) },
  ];
}

/** Replaces one leaf of `msg` (not `type`) by a value its schema refuses. */
function breakOneField(random: () => number, msg: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(msg);
  const paths: string[][] = [];
  const walk = (o: Record<string, unknown>, path: string[]) => {
    for (const [k, v] of Object.entries(o)) {
      if (k === 'type' && path.length === 0) continue;
      if (v && typeof v === 'object') walk(v as Record<string, unknown>, [...path, k]);
      else paths.push([...path, k]);
    }
  };
  walk(copy, []);
  const path = pick(random, paths);
  let target = copy;
  for (const k of path.slice(0, -1)) target = target[k] as Record<string, unknown>;
  const leaf = path[path.length - 1];
  const old = target[leaf];
  // A wrong value for this field: of another type, or out of range for numbers, or a non-card for cards.
  const candidates = WRONG_VALUES.filter(
    (v) => typeof v !== typeof old || (typeof v === 'number' && v !== old),
  );
  let value = random() < 0.15 && typeof old !== 'string' ? hostileText(random) : pick(random, candidates);
  if (leaf === 'protocol' && typeof value === 'number' && Number.isInteger(value)) value = 'one';
  // A null code is a valid `setCode` (it takes the code away): a code must be broken otherwise.
  if (leaf === 'code' && (value === null || value === undefined))
    value = pick(random, ['123', '12345', '١٢٣٤', 1234]);
  if (leaf === 'moveCount' && typeof value === 'number' && Number.isInteger(value) && value >= 0) value = -3;
  if (leaf === 'seat' && typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 3)
    value = 9;
  // Without an optional field the message is still valid: those are only ever given wrong values.
  if (random() < 0.2 && !OPTIONAL_LEAVES.has(leaf)) delete target[leaf];
  else target[leaf] = value;
  return copy;
}

/** One to three of `legal` (a turn's first steps at most, the rest possibly anything). */
function pickSteps(random: () => number, legal: Move[]): Move[] {
  return Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(random, legal));
}

/**
 * A `turn` from the seat to move that must be refused whole, however legal its first steps are: empty or
 * over-long (the schema's), a step after the turn ended, steps after a draw from the deck, the next
 * round inside a turn, an illegal last step (a card the hand cannot hold by then), a seat that is not at
 * the table.
 */
function hostileTurn(random: () => number, current: SeatView): HostileFrame {
  const legal = current.legalMoves;
  // Nor can it come to the hand this turn: not on the deck's public top, nor in a palette (a 1 or 7 may
  // put a palette card there); a card drawn unseen stops the turn anyway.
  const reachable = new Set<string>([...current.hand, ...current.deckKnownTop, ...current.palettes.flat()]);
  const notHeld = CARDS.filter((c) => !reachable.has(c)) as CardId[];
  const frame = (kind: string, steps: unknown[]): HostileFrame => ({
    sender: 'current',
    kind: `turn: ${kind}`,
    data: JSON.stringify({ type: 'turn', steps, moveCount: current.moveCount }),
  });
  const r = random();
  if (r < 0.12) return frame('empty', []);
  if (r < 0.25) {
    const n = pick(random, [TURN_STEPS_MAX + 1, 50]);
    return frame(
      'too many steps',
      Array.from({ length: n }, () => pick(random, legal)),
    );
  }
  if (r < 0.4) {
    // A pass or an end hands the turn on (or ends the round): whatever follows is refused.
    const ender = legal.find((m) => m.type === 'end') ?? { type: 'pass' };
    return frame('a step after an end', [ender, ...pickSteps(random, legal)]);
  }
  if (r < 0.55) {
    // A draw ends the turn (the advanced draw) or is not offered: either way the steps after it go.
    return frame('a draw in the middle', [
      ...pickSteps(random, legal),
      { type: 'draw' },
      pick(random, legal),
    ]);
  }
  if (r < 0.7) return frame('the next round inside', [...pickSteps(random, legal), { type: 'nextRound' }]);
  if (r < 0.85) {
    const card = pick(random, notHeld);
    const last: Move = pick(random, [
      { type: 'play', card },
      { type: 'discard', card },
    ] as Move[]);
    return frame('an illegal last step', [...pickSteps(random, legal), last]);
  }
  const seat = pick(random, [4, 9, -1]);
  return frame('a step for no seat', [...pickSteps(random, legal), { type: 'one', seat, card: 'R7' }]);
}

/**
 * A hostile frame that the host must refuse with a reason (never accept): broken JSON, wrong types, unknown
 * types, binary frames, moves from the wrong seat or for an old position, illegal moves, forged tokens,
 * requests that the sender's role does not allow.
 */
export function hostileFrame(random: () => number, current: SeatView, other: SeatView): HostileFrame {
  const r = random();
  const json = (sender: Sender, kind: string, m: unknown): HostileFrame => ({
    sender,
    kind,
    data: JSON.stringify(m),
  });
  const anySender = (): Sender => pick(random, ['current', 'other', 'stranger'] as const);
  if (r < 0.08) {
    return {
      sender: anySender(),
      kind: 'not JSON',
      data: randomText(random, 60) + pick(random, ['{', '"', '}', ']']),
    };
  }
  if (r < 0.12) {
    const valid = JSON.stringify(pick(random, templates(current)));
    return {
      sender: anySender(),
      kind: 'truncated',
      data: valid.slice(0, Math.max(1, Math.floor(random() * valid.length) - 1)),
    };
  }
  if (r < 0.16)
    return json(anySender(), 'not an object', pick(random, [0, 'move', [], [1], null, true, 3.5]));
  if (r < 0.22) {
    return json(anySender(), 'unknown type', {
      type: pick(random, [
        '',
        'Move',
        'admin',
        'constructor',
        '__proto__',
        randomText(random, 12),
        7,
        hostileText(random),
        // Host → client types are not requests.
        'view',
        'viewDelta',
        'welcome',
        'evening',
        'eveningJoined',
      ]),
    });
  }
  if (r < 0.26) {
    const bytes = Buffer.alloc(1 + Math.floor(random() * 200));
    for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(random() * 256);
    return { sender: anySender(), kind: 'binary', data: bytes, binary: true };
  }
  if (r < 0.46)
    return json(anySender(), 'wrong field', breakOneField(random, pick(random, templates(current))));
  if (r < 0.54) {
    // The other seat tries the current seat's legal move at the right position.
    return json('other', 'other seat', {
      type: 'turn',
      steps: pickSteps(random, current.legalMoves),
      moveCount: current.moveCount,
    });
  }
  if (r < 0.62) {
    const move = pick(random, current.legalMoves);
    const off = pick(random, [-1, -2, -5, 1, 2, 100]);
    const moveCount = current.moveCount + off >= 0 ? current.moveCount + off : current.moveCount + 1;
    return json(pick(random, ['current', 'other'] as const), 'stale or replayed', {
      type: 'turn',
      steps: random() < 0.5 ? [move] : pickSteps(random, current.legalMoves),
      moveCount,
    });
  }
  if (r < 0.7) {
    let move: Move;
    do {
      move = pick(random, [
        { type: 'play', card: pick(random, CARDS) },
        { type: 'discard', card: pick(random, CARDS) },
        { type: 'seven', card: pick(random, CARDS), to: 'canvas' },
        { type: 'one', seat: pick(random, [0, 1, 2, 3]), card: pick(random, CARDS) },
        { type: 'draw' },
        { type: 'noDraw' },
        { type: 'nextRound' },
      ] as Move[]);
    } while (current.legalMoves.some((m) => sameMove(m, move)));
    return json('current', 'illegal move', { type: 'turn', steps: [move], moveCount: current.moveCount });
  }
  if (r < 0.74) return hostileTurn(random, current);
  if (r < 0.79) {
    const token = Array.from({ length: 43 }, () =>
      pick(random, [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_']),
    ).join('');
    return json(pick(random, ['stranger', 'current', 'other'] as const), 'forged token', {
      type: 'resume',
      token,
    });
  }
  if (r < 0.84) {
    const name = pick(random, [
      '',
      '   ',
      'a\u0000b',
      'x'.repeat(25),
      'bell\u0007',
      'rtl\u202e',
      'line\u2028break',
    ]);
    return json('stranger', 'hostile name', {
      type: pick(random, ['createTable', 'join'] as const),
      name,
      player: name,
      tableId: 'abcdefgh',
      options: { players: 2, mode: 'basic', actionRule: false },
    });
  }
  if (r < 0.91) {
    // Requests the sender's role forbids.
    const [sender, m] = pick(random, [
      ['stranger', { type: 'start' }],
      ['stranger', { type: 'leave' }],
      ['stranger', { type: 'turn', steps: [{ type: 'pass' }], moveCount: current.moveCount }],
      ['stranger', { type: 'voteOut', seat: 0 }],
      // The creator's hold on the table: a stranger holds no seat, and nobody removes themself.
      ['stranger', { type: 'lockTable', locked: true, watchers: false }],
      ['stranger', { type: 'setCode', code: '1234' }],
      ['stranger', { type: 'removePerson', seat: 0 }],
      ['current', { type: 'removePerson', seat: current.seat }],
      ['other', { type: 'removePerson', seat: other.seat }],
      ['stranger', { type: 'join', tableId: 'nosuchtb', name: 'Eve' }],
      // A whole view only for a connection at a table.
      ['stranger', { type: 'sync' }],
      // Reactions come from a seat at the table.
      ['stranger', { type: 'react', reaction: 'wellPlayed' }],
      ['current', { type: 'start' }],
      ['current', { type: 'leave' }],
      ['current', { type: 'rematch' }],
      ['current', { type: 'voteOut', seat: other.seat }],
      ['other', { type: 'replaceByBot', seat: current.seat }],
      // No clock at this table: nobody's time runs out; a clock option off its list is refused.
      ['other', { type: 'botTurn', seat: current.seat }],
      ['current', { type: 'botTurn', seat: current.seat }],
      ['stranger', { type: 'botTurn', seat: 0 }],
      [
        'stranger',
        {
          type: 'createTable',
          name: 'Clock',
          player: 'Eve',
          options: {
            players: 2,
            mode: 'basic',
            actionRule: false,
            turnClock: pick(random, [15, -30, '60', 1e9]),
          },
        },
      ],
      [
        'stranger',
        {
          type: 'createTable',
          name: 'Clock',
          player: 'Eve',
          options: { players: 2, mode: 'basic', actionRule: false, turnClock: 30, clockExpiry: 'never' },
        },
      ],
      ['other', { type: 'setBot', seat: 0, bot: true }],
      ['other', { type: 'turn', steps: [{ type: 'nextRound' }], moveCount: current.moveCount }],
      ['other', { type: 'turn', steps: pickSteps(random, current.legalMoves), moveCount: current.moveCount }],
      // The ready vote is for between rounds only, and for seated people.
      ['stranger', { type: 'ready' }],
      ['current', { type: 'ready' }],
      ['other', { type: 'ready', ready: false }],
      ['current', { type: 'join', tableId: 'abcdefgh', name: 'Again' }],
      ['other', { type: 'spectate', tableId: 'abcdefgh' }],
      [
        'current',
        {
          type: 'createTable',
          name: 'Second',
          player: 'Me',
          options: { players: 2, mode: 'basic', actionRule: false },
        },
      ],
    ] as [Sender, unknown][]);
    return json(sender, 'forbidden', m);
  }
  return json('rude', 'before hello', pick(random, [...templates(current).slice(1), { type: 'sync' }]));
}

/** View fields a delta may never carry, and keys that would be dangerous to merge. */
const FOREIGN_KEYS = ['hands', 'deck', 'seed', 'rng', '__proto__', 'constructor', 'log', 'moveCount', 'view'];

/**
 * A `viewDelta` frame as a hostile or broken host might send it, made from a good one: a field of the
 * wrong kind or missing, a foreign key in `set` or at the top, counts that go backwards, a huge log,
 * truncated JSON. A client must refuse it or, if it fits the schema, still hold a well-formed view.
 */
export function hostileDelta(
  random: () => number,
  good: Record<string, unknown>,
): { kind: string; text: string } {
  const r = random();
  if (r < 0.35) return { kind: 'wrong field', text: JSON.stringify(breakOneField(random, good)) };
  if (r < 0.55) {
    const key = pick(random, FOREIGN_KEYS);
    const text = JSON.stringify({
      ...good,
      set: { ...(good.set as object), [key]: pick(random, [[['R7']], 5, {}]) },
    });
    // JSON.stringify drops a __proto__ key set this way: write it into the text itself.
    return {
      kind: 'foreign key in set',
      text: key === '__proto__' ? text.replace('"set":{', '"set":{"__proto__":{"polluted":1},') : text,
    };
  }
  if (r < 0.65)
    return { kind: 'foreign key', text: JSON.stringify({ ...good, [pick(random, FOREIGN_KEYS)]: 1 }) };
  if (r < 0.83) {
    const from = good.from as number;
    return {
      kind: 'counts',
      text: JSON.stringify({ ...good, to: pick(random, [from, from - 1, -1, 1.5, 2 ** 53]) }),
    };
  }
  if (r < 0.85) {
    const entry = { kind: 'noDraw', seat: 0 };
    return {
      kind: 'huge log',
      text: JSON.stringify({ ...good, log: Array.from({ length: 100_001 }, () => entry) }),
    };
  }
  const text = JSON.stringify(good);
  return { kind: 'truncated', text: text.slice(0, Math.max(1, Math.floor(random() * text.length) - 1)) };
}
