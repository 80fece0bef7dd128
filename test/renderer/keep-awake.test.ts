import { describe, expect, it, vi } from 'vitest';
import { nextTick, ref } from 'vue';
import { keepAwakeWhile } from '../../renderer/src/bridge/keep-awake';

describe('keeping the display awake while a game is on screen', () => {
  it('asks when the game comes on screen, lets go when it ends or the person leaves; only changes are sent', async () => {
    const keepAwake = vi.fn(async (_on: boolean) => undefined);
    const screen = ref<'lobby' | 'waiting' | 'game'>('lobby');
    const state = ref<'open' | 'playing' | 'finished'>('open');
    const stop = keepAwakeWhile({ keepAwake }, () => screen.value === 'game' && state.value === 'playing');
    // The lobby never asks.
    expect(keepAwake).not.toHaveBeenCalled();

    screen.value = 'waiting';
    await nextTick();
    state.value = 'playing';
    screen.value = 'game';
    await nextTick();
    expect(keepAwake.mock.calls).toEqual([[true]]);
    // The game over screen: the game has ended.
    state.value = 'finished';
    await nextTick();
    expect(keepAwake.mock.calls).toEqual([[true], [false]]);
    // A rematch, then leaving the table in the middle of it.
    state.value = 'playing';
    await nextTick();
    screen.value = 'lobby';
    await nextTick();
    expect(keepAwake.mock.calls).toEqual([[true], [false], [true], [false]]);
    stop();
  });

  it('a page opened at a game already on (a reload at the table) asks at once; a refusal changes nothing', async () => {
    const keepAwake = vi.fn(async () => {
      throw new Error('no window');
    });
    const on = ref(true);
    keepAwakeWhile({ keepAwake }, () => on.value);
    expect(keepAwake).toHaveBeenCalledExactlyOnceWith(true);
    on.value = false;
    await nextTick();
    expect(keepAwake).toHaveBeenLastCalledWith(false);
  });
});
