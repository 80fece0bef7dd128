import { Absences } from './absences';
import { TableError } from './errors';
import { botSeat, emptySeat, namesAt, renamedBot } from './table-record';
import type { BotChoice, SeatRecord, Seating } from './table-record';

/** Whether a person's socket is attached to the seat now. The room that holds the table knows; the rules ask. */
export type Presence = (seat: number) => boolean;

/** What the seat rules need to know of the table around them. */
export interface SeatHooks {
  /** A game has started at the table (seats are then kept, not given up). */
  started(): boolean;
  /** The seat's person no longer plays there (a stand-in, a vote-out): their rematch vote goes. */
  leftPlay(seat: number): void;
  /** What spreads the table's bot names over their list (the table id). */
  readonly botNameSeed: string;
}

/**
 * A table's rules of who sits where, over its private state, without any I/O: taking and giving up seats,
 * bot seats, people away and back, stand-ins, and votes to remove someone. Each method checks who may do
 * what and changes the seats, or throws a TableError and changes nothing.
 */
export class SeatRules {
  private creatorSeat: number;
  /** Seat records are replaced, never changed in place (a checkpoint is a shallow copy). */
  private readonly list: SeatRecord[];
  /** Runtime: who is away, since when, and the votes to remove them. */
  private readonly away: Absences;

  constructor(
    seating: Seating,
    now: number,
    awayGraceMs: number,
    private readonly hooks: SeatHooks,
  ) {
    this.creatorSeat = seating.creator;
    this.list = [...seating.seats];
    this.away = new Absences(seating.seats, now, awayGraceMs);
  }

  /** Who sits where: what a seat change writes to the log. */
  record(): Seating {
    return { creator: this.creatorSeat, seats: [...this.list] };
  }

  /** Keeps the seats aside; calling the result puts them back exactly as they were. */
  checkpoint(): () => void {
    const { creatorSeat } = this;
    const seats = [...this.list];
    const away = this.away.checkpoint();
    return () => {
      this.creatorSeat = creatorSeat;
      this.list.splice(0, seats.length, ...seats);
      away();
    };
  }

  get seats(): readonly SeatRecord[] {
    return this.list;
  }

  get creator(): number {
    return this.creatorSeat;
  }

  get awayGraceMs(): number {
    return this.away.graceMs;
  }

  /** When the seat's person went away (null: connected, a bot or a free seat). */
  awaySince(seat: number): number | null {
    return this.away.since[seat];
  }

  /** The seats that voted to remove `seat`, lowest first. */
  votesAgainst(seat: number): number[] {
    return [...this.away.votes[seat]].sort((a, b) => a - b);
  }

  /** A seat a person holds (named, not a bot, not voted out). */
  isPerson(seat: number): boolean {
    const s = this.list[seat];
    return s !== undefined && s.name !== null && !s.bot && !s.votedOut;
  }

  /** True when no person holds a seat any more: the table has no reason to exist. */
  get deserted(): boolean {
    return !this.list.some((_, i) => this.isPerson(i));
  }

  /** Refuses anyone but the table's creator. */
  requireCreator(by: number, what: string): void {
    if (by !== this.creatorSeat) throw new TableError('notCreator', `only the table's creator may ${what}`);
  }

  // -------------------------------------------------------------------------------------------
  // Seats before the start

  join(name: string, wanted: number | undefined, tokenHash: string): number {
    if (this.hooks.started())
      throw new TableError('alreadyStarted', 'the game has started; you may spectate');
    const same = (s: SeatRecord) => s.name !== null && s.name.toLowerCase() === name.toLowerCase();
    // A bot gives its name up to a person (people choose theirs; a bot's is only picked for it).
    if (this.list.some((s) => same(s) && !(s.bot && !s.standIn))) {
      throw new TableError('nameTaken', `"${name}" is already seated here; choose another name`);
    }
    let seat: number;
    if (wanted !== undefined) {
      if (wanted >= this.list.length) throw new TableError('badSeat', `this table has no seat ${wanted}`);
      if (this.list[wanted].name !== null) throw new TableError('seatTaken', `seat ${wanted} is taken`);
      seat = wanted;
    } else {
      seat = this.list.findIndex((s) => s.name === null);
      if (seat < 0) throw new TableError('tableFull', 'every seat is taken');
    }
    this.list[seat] = { ...emptySeat(), name, tokenHash };
    this.list.forEach((s, i) => {
      if (i !== seat && same(s))
        this.list[i] = { ...s, name: renamedBot(s.name!, i, this.hooks.botNameSeed, namesAt(this.list)) };
    });
    return seat;
  }

  /** Frees a seat before the start. Returns the token hash that no longer opens anything. */
  leave(seat: number): string | null {
    if (this.hooks.started()) {
      throw new TableError(
        'alreadyStarted',
        'the game has started; your seat waits for you if you step away',
      );
    }
    const hash = this.list[seat].tokenHash;
    this.freeSeat(seat);
    return hash;
  }

  private freeSeat(seat: number): void {
    this.list[seat] = emptySeat();
    this.away.forget(seat);
    if (seat === this.creatorSeat) {
      // The creator role passes to the next person, so the table can still start.
      const next = this.list.findIndex((_, i) => this.isPerson(i));
      if (next >= 0) this.creatorSeat = next;
    }
  }

  setBot(by: number, seat: number, bot: boolean, choice: BotChoice): void {
    this.requireCreator(by, 'choose bot seats');
    if (this.hooks.started()) throw new TableError('alreadyStarted', 'bot seats are set before the start');
    if (seat >= this.list.length) throw new TableError('badSeat', `this table has no seat ${seat}`);
    const s = this.list[seat];
    if (bot && s.bot && !s.standIn) {
      // A bot already sits here: the creator changes its level (its name stays).
      this.list[seat] = { ...s, botLevel: choice.level, botThink: choice.think };
    } else if (bot) {
      if (s.name !== null) throw new TableError('seatTaken', `seat ${seat} is taken`);
      this.list[seat] = botSeat(seat, choice, this.hooks.botNameSeed, namesAt(this.list));
    } else {
      if (!s.bot) throw new TableError('badSeat', `seat ${seat} is not a bot`);
      this.list[seat] = emptySeat();
    }
  }

  // -------------------------------------------------------------------------------------------
  // Presence, stand-ins and votes

  private standIn(seat: number): void {
    this.list[seat] = { ...this.list[seat], bot: true, standIn: true };
    this.hooks.leftPlay(seat);
  }

  /** A person's socket attached to the seat: they are no longer away, and take it back from a stand-in. */
  arrived(seat: number): void {
    this.away.cleared(seat);
    const s = this.list[seat];
    if (s.standIn) this.list[seat] = { ...s, bot: false, standIn: false };
  }

  /** The seat's socket went away: a person (or the person a bot stands in for) is away from now. */
  wentAway(seat: number, now: number): void {
    this.away.since[seat] = this.isPerson(seat) || this.list[seat].standIn ? now : null;
  }

  private requireAway(by: number, seat: number, connected: Presence, now: number): void {
    if (!this.isPerson(by) || !connected(by)) {
      throw new TableError('notSeated', 'only a seated, connected player may do this');
    }
    if (seat >= this.list.length || seat === by)
      throw new TableError('badSeat', `cannot do this to seat ${seat}`);
    if (!this.isPerson(seat) || connected(seat)) {
      throw new TableError('notAway', `seat ${seat} is not an away player`);
    }
    this.away.requireGraceOver(seat, now);
  }

  replaceByBot(by: number, seat: number, connected: Presence, now: number): void {
    this.requireAway(by, seat, connected, now);
    this.standIn(seat);
    this.away.votes[seat].clear();
  }

  /**
   * The creator removes a person (one whose token opens a seat: seated, away, or stood in for): before the
   * start their seat is freed; after it a bot plays the seat for good, as after a vote-out but playing.
   * Returns the token hash that no longer opens anything.
   */
  removeByCreator(by: number, seat: number): string | null {
    this.requireCreator(by, 'remove a person from the table');
    const s = this.list[seat];
    if (seat === by || s === undefined || s.tokenHash === null)
      throw new TableError('badSeat', `seat ${seat} holds nobody the creator may remove`);
    const revoked = s.tokenHash;
    if (!this.hooks.started()) {
      this.freeSeat(seat);
      return revoked;
    }
    this.list[seat] = { ...s, tokenHash: null, bot: true, standIn: false, votedOut: false };
    this.away.forget(seat);
    this.hooks.leftPlay(seat);
    return revoked;
  }

  /**
   * Records a vote. A majority of the other connected people removes the player: before the start the
   * seat is freed, during a game the host passes for them. Returns the revoked token hash, if any.
   */
  voteOut(
    by: number,
    seat: number,
    connected: Presence,
    now: number,
  ): { out: boolean; revoked: string | null } {
    this.requireAway(by, seat, connected, now);
    const votesAgainst = this.away.votes[seat];
    votesAgainst.add(by);
    const voters = this.list.filter((_, i) => i !== seat && this.isPerson(i) && connected(i)).length;
    const needed = Math.floor(voters / 2) + 1;
    const votes = [...votesAgainst].filter((v) => this.isPerson(v) && connected(v)).length;
    if (votes < needed) return { out: false, revoked: null };
    const revoked = this.list[seat].tokenHash;
    if (!this.hooks.started()) {
      this.freeSeat(seat);
    } else {
      this.list[seat] = {
        ...this.list[seat],
        tokenHash: null,
        votedOut: true,
        bot: false,
        standIn: false,
      };
      this.away.cleared(seat);
      this.hooks.leftPlay(seat);
    }
    return { out: true, revoked };
  }
}
