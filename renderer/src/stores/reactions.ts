import { defineStore } from 'pinia';
import { ref } from 'vue';
import {
  REACTION_SHOWN_MS,
  takeReactionSlot,
  type Reaction,
  type ServerMessage,
} from '../../../shared/protocol';
import { isReaction } from '../table-models/reactions';
import { services } from '../services';
import { useConnectionStore } from './connection';
import { useTableStore } from './table';

const SHOW_KEY = 'red7.reactions';

/** Reactions shown, unless this device turned them off. */
function savedShow(): boolean {
  try {
    return services().local.getItem(SHOW_KEY) !== 'off';
  } catch {
    return true;
  }
}

/** One reaction on a seat; `id` tells two equal reactions in a row apart (the bubble pops again). */
export interface ShownReaction {
  reaction: Reaction;
  id: number;
}

/**
 * Quick reactions at this tab's table: the ones on the seats now (each for REACTION_SHOWN_MS), the
 * latest one in words for screen readers, sending ours within the host's rate, and this device's
 * choice to hide the others'. Nothing is kept beyond the few seconds a reaction shows.
 */
export const useReactionsStore = defineStore('reactions', () => {
  const connection = useConnectionStore();
  const table = useTableStore();

  /** This device shows (and reads out) the others' reactions. */
  const show = ref(savedShow());
  /** seat → its reaction on screen now. */
  const onSeat = ref<Record<number, ShownReaction>>({});
  /** The latest reaction heard, for the live region: seat and reaction, or null. */
  const latest = ref<{ seat: number; reaction: Reaction; id: number } | null>(null);
  /** Our own sends in the rate's window: past the rate we hold back rather than be refused. */
  const sentAt: number[] = [];
  /** Reaction bars open in a dialog over the table (one of them speaks then, not the table's). */
  const dialogBars = ref(0);
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  let lastId = 0;
  let wired = false;

  function init(): void {
    if (wired) return;
    wired = true;
    connection.onMessage(onMessage);
  }

  function onMessage(msg: ServerMessage): void {
    if (msg.type !== 'reaction') return;
    if (msg.tableId !== table.session?.tableId || !isReaction(msg.reaction)) return;
    const mine = msg.seat === table.seat;
    if (!show.value && !mine) return;
    const id = ++lastId;
    onSeat.value = { ...onSeat.value, [msg.seat]: { reaction: msg.reaction, id } };
    latest.value = { seat: msg.seat, reaction: msg.reaction, id };
    clearTimeout(timers.get(msg.seat));
    timers.set(
      msg.seat,
      setTimeout(() => {
        timers.delete(msg.seat);
        if (onSeat.value[msg.seat]?.id !== id) return;
        const { [msg.seat]: _gone, ...rest } = onSeat.value;
        onSeat.value = rest;
      }, REACTION_SHOWN_MS),
    );
  }

  /** Sends a reaction; false (nothing sent) when it would pass the host's rate or the link is down. */
  function send(reaction: Reaction, now = Date.now()): boolean {
    if (table.seat === null) return false;
    if (!takeReactionSlot(sentAt, now)) return false;
    if (connection.send({ type: 'react', reaction })) return true;
    sentAt.pop(); // not sent: it does not count
    return false;
  }

  /** Hiding them also clears what is on screen now (except our own). */
  function setShow(on: boolean): void {
    show.value = on;
    if (!on) {
      const me = table.seat;
      onSeat.value = me !== null && onSeat.value[me] ? { [me]: onSeat.value[me] } : {};
      if (latest.value && latest.value.seat !== me) latest.value = null;
    }
    try {
      services().local.setItem(SHOW_KEY, on ? 'on' : 'off');
    } catch {
      // Storage refused: the choice holds until the page closes.
    }
  }

  return { show, onSeat, latest, dialogBars, init, send, setShow };
});
