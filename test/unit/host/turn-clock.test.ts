import { describe, expect, it } from 'vitest';
import { applyMove, newGame } from '../../../shared/engine';
import type { GameState } from '../../../shared/engine';
import { RESUME_FLOOR_MS, TurnClock, noClock, type ClockFacts } from '../../../main/host/turn-clock';
import { TableError } from '../../../main/host/errors';

/** The turn clock on its own: it follows a table's facts at given moments, no host, no timers. */
const T0 = 1_000_000;
const game = newGame({ players: 2, mode: 'basic', actionRule: false }, 7);
const first = game.current!;
const facts = (state: GameState | null, here = [true, true], person = [true, true]): ClockFacts => ({
  game: 1,
  state,
  isPerson: (s) => person[s],
  connected: (s) => here[s],
});
const clock30 = (expiry: 'vote' | 'bot' = 'vote', secondMs = 1000) =>
  new TurnClock({ ...noClock(), seconds: 30, expiry }, T0, secondMs);
/** The state after the player to move passes: the other seat's turn (or the round's end). */
const passed = (s: GameState) => applyMove(s, { type: 'pass' });

describe('the turn clock', () => {
  it('times nobody when off, nor a bot, nor between rounds', () => {
    const off = new TurnClock(noClock(), T0);
    expect(off.follow(facts(game), T0)).toBe(false);
    expect(off.info(T0)).toBeNull();
    const c = clock30();
    c.follow(facts(game, [true, true], [first !== 0, first !== 1]), T0); // the first seat is a bot
    expect(c.info(T0)).toBeNull();
    c.follow(facts(passed(game)), T0); // a two-seat Basic game ends with a pass
    expect(passed(game).phase).not.toBe('turn');
    expect(c.info(T0)).toBeNull();
  });

  it('starts with the whole time, counts from its end, and expires exactly then', () => {
    const c = clock30();
    expect(c.follow(facts(game), T0)).toBe(true);
    expect(c.info(T0 + 1000)).toEqual({
      seat: first, endsAt: T0 + 30_000, leftMs: 29_000, totalMs: 30_000,
      paused: false, expired: false, botTurn: false,
    }); // prettier-ignore
    expect(c.follow(facts(game), T0 + 29_999)).toBe(false);
    expect(c.dueInMs(T0 + 29_999)).toBe(1);
    expect(c.follow(facts(game), T0 + 30_000)).toBe(true);
    expect(c.info(T0 + 30_000)).toMatchObject({ expired: true, endsAt: null, leftMs: 0, botTurn: false });
    expect(c.botSeat(1, game)).toBeNull();
  });

  it("with 'bot', the bot is to play the timed-out turn at once, and for that turn only", () => {
    const c = clock30('bot');
    c.follow(facts(game), T0);
    c.follow(facts(game), T0 + 30_000);
    expect(c.botSeat(1, game)).toBe(first);
    expect(c.botSeat(2, game)).toBeNull(); // another game at the table
    // The first seat's turn is over: the next turn is nobody's bot turn.
    expect(c.botSeat(1, passed(game))).toBeNull();
  });

  it('pauses while the player is away and gives back what was left, at least the floor', () => {
    const c = clock30();
    const away = first === 0 ? [false, true] : [true, false];
    c.follow(facts(game), T0);
    c.follow(facts(game, away), T0 + 12_000);
    expect(c.info(T0 + 50_000)).toMatchObject({ paused: true, endsAt: null, leftMs: 18_000 });
    expect(c.follow(facts(game, away), T0 + 90_000)).toBe(false); // away long: never expires
    c.follow(facts(game), T0 + 100_000);
    expect(c.info(T0 + 100_000)).toMatchObject({ paused: false, endsAt: T0 + 118_000 });
    c.follow(facts(game, away), T0 + 115_000); // 3 s left
    c.follow(facts(game), T0 + 200_000);
    expect(c.info(T0 + 200_000)).toMatchObject({ leftMs: RESUME_FLOOR_MS });
  });

  it('lets another person ask a bot once the time is up, once, and nobody else', () => {
    const c = clock30();
    const other = 1 - first;
    c.follow(facts(game), T0);
    const code = (f: () => void) => {
      try {
        f();
      } catch (e) {
        return (e as TableError).code;
      }
      return 'accepted';
    };
    expect(code(() => c.askBot(other, first))).toBe('notTimedOut');
    c.follow(facts(game), T0 + 30_000);
    expect(code(() => c.askBot(first, first))).toBe('badSeat');
    expect(code(() => c.askBot(first, other))).toBe('badSeat');
    expect(code(() => c.askBot(other, first))).toBe('accepted');
    expect(code(() => c.askBot(other, first))).toBe('notTimedOut');
    expect(c.botSeat(1, game)).toBe(first);
  });

  it('comes back from its record: a running turn counts on from its end, then waits for its player', () => {
    const c = clock30();
    c.follow(facts(game), T0);
    const saved = JSON.parse(JSON.stringify(c.record())) as ReturnType<TurnClock['record']>;
    const back = new TurnClock(saved, T0 + 20_700);
    expect(back.info(T0 + 20_700)).toMatchObject({ paused: true, leftMs: 9_300 });
    back.follow(facts(game), T0 + 21_000);
    expect(back.info(T0 + 21_000)).toMatchObject({ endsAt: T0 + 21_000 + RESUME_FLOOR_MS });
    // A record of another turn (the log moved past it) starts that turn afresh.
    const three = newGame({ players: 3, mode: 'basic', actionRule: false }, 7);
    const all = facts(three, [true, true, true], [true, true, true]);
    const c3 = clock30();
    c3.follow(all, T0);
    const later = new TurnClock(c3.record(), T0 + 20_000);
    expect(later.info(T0 + 20_000)).toMatchObject({ seat: three.current, leftMs: 10_000 });
    later.follow({ ...all, state: passed(three) }, T0 + 20_000);
    expect(later.info(T0 + 20_000)).toMatchObject({ seat: passed(three).current, leftMs: 30_000 });
  });

  it('runs on a shortened second where the host is told so (tests only)', () => {
    const c = clock30('vote', 100);
    c.follow(facts(game), T0);
    expect(c.info(T0)).toMatchObject({ totalMs: 3000, endsAt: T0 + 3000 });
  });
});
