import { defineStore } from 'pinia';
import { shallowRef } from 'vue';
import type { GameRecord, ReplayStep } from '../../../shared/record';

/**
 * A game opened from a file (already checked and replayed): the replay shows it from memory rather than
 * asking a host for its id. Kept until another file is opened; a reload forgets it.
 */
export const useOpenedGameStore = defineStore('openedGame', () => {
  const opened = shallowRef<{ record: GameRecord; steps: ReplayStep[] } | null>(null);
  const open = (record: GameRecord, steps: ReplayStep[]) => (opened.value = { record, steps });
  const forId = (id: string) => (opened.value?.record.id === id ? opened.value : null);
  return { opened, open, forId };
});
