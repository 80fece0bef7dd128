import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { EveningSettings } from '../../../shared/evening/evening';
import { personName } from '../../../shared/evening/people';
import type { ClientMessage, EveningInfo, ServerMessage } from '../../../shared/protocol';
import type { GameClient } from '../net/client';
import { wsUrl } from '../net/address';
import { services } from '../services';
import { useHostingStore } from './hosting';
import { useSavedSeatsStore } from './savedSeats';
import { useSettingsStore } from './settings';
import { useTableStore } from './table';

/** This device's place in a host's evening: the token `eveningJoined` gave, to come back with. */
export interface SavedEvening {
  person: string;
  token: string;
}

const EVENINGS_KEY = 'red7.evenings';

/** The evening tokens this browser holds, by host URL (local storage: a closed tab comes back too). */
function savedEvenings(storage: Storage): Record<string, SavedEvening> {
  try {
    const raw = JSON.parse(storage.getItem(EVENINGS_KEY) ?? '{}') as unknown;
    return raw && typeof raw === 'object' ? (raw as Record<string, SavedEvening>) : {};
  } catch {
    return {};
  }
}

export function savedEvening(storage: Storage, url: string): SavedEvening | null {
  const e = savedEvenings(storage)[url];
  return e && typeof e.token === 'string' && typeof e.person === 'string' ? e : null;
}

export function rememberEvening(storage: Storage, url: string, e: SavedEvening | null): void {
  const all = savedEvenings(storage);
  if (e) all[url] = e;
  else delete all[url];
  storage.setItem(EVENINGS_KEY, JSON.stringify(all));
}

/** The evening's own requests: a refusal of one of them is the evening's to say. */
const EVENING_REQUESTS = new Set<string>([
  'openEvening',
  'joinEvening',
  'resumeEvening',
  'leaveEvening',
  'nextHeat',
]);

/** Every refusal the evening has its own words for (`evening.errors.<code>`); others say the host's reason. */
export const EVENING_ERRORS = [
  'eveningOpen',
  'eveningName',
  'noEvening',
  'alreadyIn',
  'notIn',
  'heatInPlay',
  'noHeatsLeft',
  'eveningTable',
  'notCreator',
  'alreadySeated',
  'nameTaken',
  'badToken',
  'badMessage',
  'rateLimited',
  'unavailable',
  // Said by the page itself: the link to the host is down.
  'notConnected',
] as const;
const KNOWN = new Set<string>(EVENING_ERRORS);

/** The i18n key that says a refusal of an evening request. */
export const eveningErrorKey = (code: string): string =>
  KNOWN.has(code) ? `evening.errors.${code}` : 'evening.errors.other';

/**
 * The host's evening of several tables, as the lobby shows it (docs/evening.md): the latest `evening`
 * on a link of its own to the page's host (opened while the lobby shows, so a heat seated is heard at
 * once), this device's evening token kept per host so a reload or a new link comes back as the same
 * person (`resumeEvening`), and the evening's requests. "Go to table" takes the seat the heat holds,
 * as a saved seat is taken back.
 */
export const useEveningStore = defineStore('evening', () => {
  const evening = ref<EveningInfo | null>(null);
  const url = ref<string | null>(null);
  /** The latest refusal of an evening request: its code and the host's reason. */
  const error = ref<{ code: string; reason: string } | null>(null);
  /** A request is on its way (buttons wait for the answer). */
  const pending = ref<string | null>(null);
  const client = shallowRef<GameClient | null>(null);
  /** Bumped when the saved token changes: storage itself is not reactive. */
  const version = ref(0);

  const saved = computed(() => {
    void version.value;
    return url.value ? savedEvening(services().local, url.value) : null;
  });
  const you = computed(() => evening.value?.you ?? null);
  const isOpener = computed(() => !!you.value && you.value.person === evening.value?.opener);
  /** This connection is a person of the evening who has not left it. */
  const isIn = computed(
    () => !!you.value && !!evening.value?.people.some((p) => p.id === you.value!.person && p.present),
  );
  const nameOf = (id: string): string => (evening.value ? personName(evening.value, id) : id);

  /**
   * The host whose evening this page shows: the one that served it (a browser), else this machine's own
   * while it runs (the desktop app); null when there is none.
   */
  function hostHere(): string | null {
    const origin = services().originWsUrl;
    if (origin) return origin;
    const s = useHostingStore().status;
    return s.running ? wsUrl({ address: '127.0.0.1', port: s.port }) : null;
  }

  /** Follows the evening of the host at `target` (the lobby calls it as it shows). */
  function start(target: string): void {
    if (client.value && url.value === target) return;
    stop();
    url.value = target;
    const c = services().createClient(target);
    c.onWelcome(() => {
      const mine = savedEvening(services().local, target);
      if (mine) c.send({ type: 'resumeEvening', token: mine.token });
      c.send({ type: 'listTables' });
    });
    c.onMessage(handle);
    client.value = c;
    c.connect();
  }

  function stop(): void {
    client.value?.close();
    client.value = null;
    evening.value = null;
    pending.value = null;
  }

  function handle(msg: ServerMessage): void {
    if (msg.type === 'evening') {
      evening.value = msg.evening;
      pending.value = null;
    } else if (msg.type === 'eveningJoined') {
      if (url.value) rememberEvening(services().local, url.value, { person: msg.person, token: msg.token });
      version.value++;
      error.value = null;
    } else if (msg.type === 'error' && msg.to && EVENING_REQUESTS.has(msg.to)) {
      pending.value = null;
      // A token the host no longer knows (the evening replaced): forgotten quietly, the lobby offers to join.
      if (msg.to === 'resumeEvening') {
        if (msg.code === 'badToken' || msg.code === 'noEvening') forget();
        return;
      }
      error.value = { code: msg.code, reason: msg.reason };
    }
  }

  function forget(): void {
    if (url.value) rememberEvening(services().local, url.value, null);
    version.value++;
  }

  function send(msg: ClientMessage): void {
    error.value = null;
    if (client.value?.send(msg)) pending.value = msg.type;
    else error.value = { code: 'notConnected', reason: '' };
  }

  const open = (player: string, settings: EveningSettings) => send({ type: 'openEvening', player, settings });
  /** Joins as `name`, or comes back as the person this device was (after leaving). */
  function join(name: string): void {
    const mine = saved.value;
    send(mine ? { type: 'resumeEvening', token: mine.token } : { type: 'joinEvening', name });
  }
  const leave = () => send({ type: 'leaveEvening' });
  const nextHeat = () => send({ type: 'nextHeat' });

  /** Takes this person's seat at their table of the heat in play (its token, as a saved seat). */
  function goToTable(): void {
    const mine = you.value?.table;
    const here = url.value;
    if (!mine || !here) return;
    useSavedSeatsStore().remember(here, mine.tableId, {
      token: mine.token,
      seat: mine.seat,
      tableName: '',
      savedAt: Date.now(),
    });
    useTableStore().join(here, mine.tableId, useSettingsStore().playerName);
  }

  return {
    evening,
    url,
    error,
    pending,
    saved,
    you,
    isOpener,
    isIn,
    nameOf,
    hostHere,
    start,
    stop,
    open,
    join,
    leave,
    nextHeat,
    goToTable,
  };
});
