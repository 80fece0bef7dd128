import { ref } from 'vue';

/**
 * The host's clock on this screen: one offset (host time minus this device's time), measured from the
 * `hostNow` of the table messages. A message can only arrive after it was sent, so each one says the
 * offset is at least `hostNow - arrival`; the largest of the recent ones is the one least delayed on the
 * way. Every countdown counts from the host's moments through this, so all screens show the same second.
 */
const RECENT = 8;
const samples: number[] = [];
const offset = ref(0);

/** A table message stamped `hostNow` by the host arrived at `arrival` (this device's clock). */
export function heardFromHost(hostNow: number, arrival = Date.now()): void {
  samples.push(hostNow - arrival);
  if (samples.length > RECENT) samples.shift();
  offset.value = Math.max(...samples);
}

/** The host's time now (ms since the epoch), as well as this screen can tell. */
export const hostTime = (local = Date.now()): number => local + offset.value;

/** Forgets the host's clock (another host, or a test). */
export function forgetHostClock(): void {
  samples.length = 0;
  offset.value = 0;
}
