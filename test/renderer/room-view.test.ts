// @vitest-environment happy-dom
import { afterEach, expect, it, vi } from 'vitest';
import { defineComponent, h, nextTick, ref } from 'vue';
import RoomView from '../../renderer/src/room/RoomView.vue';
import { useRoomScreenStore } from '../../renderer/src/stores/roomScreen';
import { mountApp, useTestServices } from './mount';

/*
 * The room screen follows the host its address names: after a hand-over the address names the new host
 * (moved.host.test), and the screen, drawn as before, must link to that one instead.
 */

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

it('opens the screen again on the host its address names once that changes, and only then', async () => {
  useTestServices();
  // Where phones join is asked of each host over HTTP: no host here, and no request left open at the end.
  vi.stubGlobal('fetch', async () => new Response('', { status: 404 }));
  const host = ref({ address: '127.0.0.1', port: 47470 });
  const w = mountApp(defineComponent({ setup: () => () => h(RoomView, { host: host.value }) }));
  const room = useRoomScreenStore();
  expect(room.url).toBe('ws://127.0.0.1:47470/ws');
  room.hostName = 'Ann’s laptop';
  host.value = { address: '127.0.0.1', port: 47470 }; // the same host named again: nothing to open
  await nextTick();
  expect(room.hostName).toBe('Ann’s laptop');
  host.value = { address: '10.0.0.9', port: 47471 };
  await nextTick();
  expect(room.url).toBe('ws://10.0.0.9:47471/ws');
  expect(room.hostName).toBeNull(); // the old host's picture is gone until the new one's comes
  w.unmount();
});
