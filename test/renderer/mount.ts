import { TeleportStub, mount, type ComponentMountingOptions } from '@vue/test-utils';
import { createPinia, setActivePinia, type Pinia } from 'pinia';
import { defineComponent, h, type Component } from 'vue';
import { applyMove, setupState, viewFor } from '../../shared/engine';
import type { CardId, GameOptions, Move, RoundSetup, SeatView } from '../../shared/engine/types';
import type { SeatInfo, TableInfo } from '../../shared/protocol';
import { makeI18n } from '../../renderer/src/i18n';
import enMessages from '../../renderer/src/i18n/locales/en.json';
import itMessages from '../../renderer/src/i18n/locales/it.json';
import koMessages from '../../renderer/src/i18n/locales/ko.json';
import type { Locale } from '../../renderer/src/i18n/locales';
import { webBridge } from '../../renderer/src/bridge/web';
import { useCoachText } from '../../renderer/src/table-models/coachText';
import { GameClient } from '../../renderer/src/net/client';
import { createTurn, type Turn } from '../../renderer/src/table-models/turn';
import { setServices } from '../../renderer/src/services';
import { MemoryStorage } from './memory-storage';

/** The app's services as a page served by a host at 127.0.0.1:47470 has them, over memory storages. */
export function useTestServices(local: Storage = new MemoryStorage()): void {
  setServices({
    bridge: webBridge({
      location: { hostname: '127.0.0.1', port: '47470', protocol: 'http:', origin: 'http://127.0.0.1:47470' },
      fetch: async () => new Response('[]'),
      storage: new MemoryStorage(),
    }),
    createClient: (url) => new GameClient({ url, backoff: { maxAttempts: 0 } }),
    session: new MemoryStorage(),
    local,
    originWsUrl: null,
  });
}

/** Mounts a component with the app's plugins (English unless told, a fresh Pinia). */
/**
 * The app's i18n with every language there from the start, English whole (the app fetches the others
 * when chosen, and English screen by screen: a component mounted alone has no screen to bring its words).
 */
export const i18nWithAllLocales = (locale: Locale = 'en') =>
  makeI18n(locale, { en: enMessages, it: itMessages, ko: koMessages });

export function mountApp<C extends Component>(
  component: C,
  options: ComponentMountingOptions<C> = {},
  pinia?: Pinia,
  locale: Locale = 'en',
) {
  const store = pinia ?? createPinia();
  setActivePinia(store);
  return mount(component, {
    attachTo: document.body,
    ...options,
    // A dialog teleports itself to the body; mounted alone, it stays in place so that the wrapper finds what
    // it shows (whether it paints above the page is for the browser tests).
    global: {
      plugins: [i18nWithAllLocales(locale), store],
      stubs: { Teleport: TeleportStub },
      ...options.global,
    },
  } as ComponentMountingOptions<C>);
}

/** A real seat view from a hand-made position. */
export function seatView(options: GameOptions, setup: RoundSetup, seat: number | null = 0): SeatView {
  return viewFor(setupState(options, setup), seat);
}

/** A 3-seat basic round (Ada, seat 0, moves first) after `moves`, as `seat` sees it. */
export function roundAfter(moves: Move[], seat: number | null = 0): SeatView {
  let state = setupState(
    { players: 3, mode: 'basic', actionRule: false },
    {
      hands: [
        ['G4', 'B2', 'Y6'],
        ['V6', 'I2', 'O4'],
        ['I5', 'O3', 'G2'],
      ],
      palettes: [['R1'], ['O2'], ['Y3']],
      current: 0,
    },
  );
  for (const m of moves) state = applyMove(state, m);
  return viewFor(state, seat);
}

/** A seat as the host describes it: a connected person unless told. */
export function seatInfo(seat: number, name: string, extra: Partial<SeatInfo> = {}): SeatInfo {
  return {
    seat,
    name,
    connected: true,
    bot: false,
    standIn: false,
    creator: seat === 0,
    votedOut: false,
    person: true,
    away: false,
    awayMs: null,
    awaySince: null,
    votes: [],
    botLevel: extra.bot ? 'normal' : null,
    botThink: null,
    ...extra,
  };
}

/** A table being played, as the host describes it, with these seats. */
export function tableInfo(seats: SeatInfo[]): TableInfo {
  return {
    id: 'tbl12345',
    name: 'Kitchen table',
    players: seats.length,
    seats: seats.length,
    state: 'playing',
    mode: 'basic',
    actionRule: false,
    rulesVersion: '1.2',
    spectators: 0,
    options: {
      players: 2,
      mode: 'basic',
      actionRule: false,
      rulesVersion: '1.2',
      targetScore: 40,
      autoDraw: false,
      botLevel: 'normal',
      botPace: 'relaxed',
      botThink: 'normal',
      hints: false,
      turnClock: 0,
      clockExpiry: 'vote',
    },
    seatList: seats,
    awayGraceMs: 60_000,
    turnClock: null,
    game: 1,
    match: [],
    rematch: [],
    nextRoundReady: [],
    watching: [],
    hostNow: Date.now(),
  };
}

/**
 * The turn model over a fixed host view, as the table would build it: `sent` collects the messages its
 * steps hand on (each the steps of one `turn`). `selected` and `sevenCard` are chosen as a player would
 * (a click on the card, a pick in the palette).
 */
export function turnOf(
  view: SeatView,
  o: { selected?: CardId | null; sevenCard?: CardId | null; busy?: boolean } = {},
): { turn: Turn; sent: Move[][] } {
  const sent: Move[][] = [];
  const turn = createTurn(() => view, {
    send: (steps) => sent.push(steps),
    busy: () => o.busy ?? false,
    suggestion: () => null,
  });
  if (o.selected) turn.select(o.selected);
  if (o.sevenCard && view.seat !== null) turn.pick(view.seat, o.sevenCard);
  return { turn, sent };
}

/** A TurnPanel's props for a fixed view (its steps go nowhere). */
export function turnPanelProps(
  view: SeatView,
  o: { selected?: CardId | null; sevenCard?: CardId | null; busy?: boolean } = {},
): { model: Turn; view: SeatView } {
  return { model: turnOf(view, o).turn, view };
}

/** The coach's and the out report's words in `locale`, as a component would use them. */
export function coachWordsIn(locale: Locale): ReturnType<typeof useCoachText> {
  let words: ReturnType<typeof useCoachText> | null = null;
  const Probe = defineComponent({
    setup() {
      words = useCoachText();
      return () => h('div');
    },
  });
  mountApp(Probe, {}, undefined, locale);
  return words!;
}
