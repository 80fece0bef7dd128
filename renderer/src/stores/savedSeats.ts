import { defineStore } from 'pinia';
import { ref } from 'vue';
import { services } from '../services';
import { forgetSeat, rememberSeat, savedSeat, type SavedSeat } from './session';

/**
 * The seat tokens this browser holds, by host URL and table (in local storage): the lobby marks those
 * tables "Rejoin" and a join there takes the seat back. Every read and write goes through here, so a
 * change shows at once.
 */
export const useSavedSeatsStore = defineStore('savedSeats', () => {
  /** Bumped on every write: reads depend on it, as storage itself is not reactive. */
  const version = ref(0);

  function find(url: string, tableId: string): SavedSeat | null {
    void version.value;
    return savedSeat(services().local, url, tableId);
  }

  function holds(url: string, tableId: string): boolean {
    return find(url, tableId) !== null;
  }

  function remember(url: string, tableId: string, seat: SavedSeat): void {
    rememberSeat(services().local, url, tableId, seat);
    version.value++;
  }

  function forget(url: string, tableId: string): void {
    forgetSeat(services().local, url, tableId);
    version.value++;
  }

  return { find, holds, remember, forget };
});
