import type { ClientMessage } from '../../../shared/protocol';
import { TableError } from '../errors';
import type { TableStore } from '../store';

/** What a frozen table still takes: nothing it does changes the table. */
const STILL_TAKEN = new Set<ClientMessage['type']>(['ping', 'sync', 'react', 'resume', 'listTables']);

const moving = (id: string) =>
  new TableError('moving', `table ${id} is moving to another host: send it again there in a moment`);

/**
 * The tables a hand-over is moving: nothing changes at them from the freeze until the receiver took them
 * (or refused them, and they thaw). The hub refuses people's requests there; the store refuses the bots'
 * and the timers' moves and deals (a refusal that undoes the change, as a full disk's does).
 */
export class FrozenTables {
  private readonly ids = new Set<string>();

  freeze(ids: Iterable<string>): void {
    for (const id of ids) this.ids.add(id);
  }

  thaw(ids: Iterable<string>): void {
    for (const id of ids) this.ids.delete(id);
  }

  has(id: string): boolean {
    return this.ids.has(id);
  }

  /** The hub asks before a request reaches a table: a frozen one refuses with `moving`. */
  check(id: string, type: ClientMessage['type']): void {
    if (this.ids.has(id) && !STILL_TAKEN.has(type)) throw moving(id);
  }

  /**
   * The store the rooms write through: a move or a game's start at a frozen table is refused (seat
   * changes are not: who comes and goes is logged, and changing seats is refused at the hub).
   */
  guard(store: TableStore): TableStore {
    const refuse = (id: string) => {
      if (this.ids.has(id)) throw moving(id);
    };
    return {
      loadAll: () => store.loadAll(),
      track: (id, getRecord, logLines) => store.track(id, getRecord, logLines),
      adopt: (id, log) => store.adopt(id, log),
      appendCreated: (id, record) => store.appendCreated(id, record),
      appendSeating: (id, seating) => store.appendSeating(id, seating),
      appendStart: (id, game, options, seed) => {
        refuse(id);
        store.appendStart(id, game, options, seed);
      },
      appendMoves: (id, moves) => {
        refuse(id);
        store.appendMoves(id, moves);
      },
      save: (id) => store.save(id),
      flush: () => store.flush(),
      remove: (id) => store.remove(id),
      archive: (id) => store.archive(id),
      close: () => store.close(),
      loadEvening: () => store.loadEvening(),
      keepEvening: (text) => store.keepEvening(text),
    };
  }
}
