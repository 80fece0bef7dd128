import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import type { Move, SeatView } from '../../../shared/engine/types';
import * as v from 'valibot';
import { applyDelta, MoveSchema } from '../../../shared/protocol';
import type {
  BotLevel,
  BotSeatChoice,
  BotThink,
  ClientMessage,
  ServerMessage,
  TableInfo,
  TableOptions,
} from '../../../shared/protocol';
import { heardFromHost } from '../table-models/hostClock';
import { services } from '../services';
import { useConnectionStore } from './connection';
import { useNoticesStore } from './notices';
import { useSettingsStore } from './settings';
import { useSavedSeatsStore } from './savedSeats';
import { useTableControlStore, type CodeAsk } from './tableControl';
import { followMoved } from './movedTable';
import { loadSession, loadStaged, saveSession, saveStaged, type TableSession } from './session';
import type { StagedSteps } from '../table-models/turn';

/** Host refusals that need no toast: a fresh view or table follows and says it all. */
const QUIET_ERRORS = new Set(['staleMove', 'rateLimited']);

/**
 * The table this tab sits at (or watches): its seats, the game as our seat sees it, and every
 * request we make there. The host is the authority: this store sends intents and shows answers.
 */
export const useTableStore = defineStore('table', () => {
  const connection = useConnectionStore();
  const notices = useNoticesStore();
  const settings = useSettingsStore();
  const seats = useSavedSeatsStore();

  const session = ref<TableSession | null>(null);
  const table = ref<TableInfo | null>(null);
  const view = ref<SeatView | null>(null);
  /** A request to send once the host has welcomed us (join/create/spectate before the link is up). */
  const intent = ref<ClientMessage | null>(null);
  /** A move is on its way; further clicks wait for the host's answer. */
  const awaiting = ref(false);
  /** The view before the latest one: lets components tell what just changed. */
  const previousView = ref<SeatView | null>(null);
  /**
   * The view as the latest round ended, kept through the next round: "Last round" reopens its summary
   * and the review of our turns (our hand then is in no log).
   */
  const roundEndView = ref<SeatView | null>(null);

  const seat = computed(() => session.value?.seat ?? null);
  const spectator = computed(() => session.value?.spectator === true);
  const isCreator = computed(() => seat.value !== null && !!table.value?.seatList[seat.value]?.creator);
  const atTable = computed(() => session.value !== null || intent.value !== null);

  let wired = false;
  /** A `sync` is on its way: deltas that do not apply meanwhile wait for the whole view it brings. */
  let syncAsked = false;
  /** Our `start` is on its way (until the table is no longer open, the host refuses it, or we leave). */
  let startSent = false;
  // A table/view that arrived before the joined/spectating that names it.
  let early: { table?: TableInfo; view?: { tableId: string; view: SeatView } } = {};
  /** The last join asked for: the seat-code dialog sends it again with the code. */
  let lastJoin: CodeAsk | null = null;
  /** The last turn sent; refused as `moving` (the table is moving host), it is sent again where it lands. */
  let sentTurn: { steps: Move[]; moveCount: number } | null = null;
  let heldTurn: { steps: Move[]; moveCount: number } | null = null;

  /** Hooks the store to the connection once, and resumes the tab's table after a reload. */
  function init(): void {
    if (wired) return;
    wired = true;
    connection.onMessage(handle);
    connection.onWelcome(onWelcome);
    useTableControlStore().init();
    const saved = loadSession(services().session);
    if (saved) {
      session.value = saved;
      connection.connect(saved.url);
    }
  }

  function onWelcome(): void {
    const s = session.value;
    if (s && connection.hostName && s.hostName !== connection.hostName)
      setSession({ ...s, hostName: connection.hostName });
    syncAsked = false; // resume and spectate bring the whole view
    if (s?.token) connection.send({ type: 'resume', token: s.token });
    else if (s?.spectator) connection.send(spectateMessage(s.tableId));
    else if (intent.value) {
      connection.send(intent.value);
      intent.value = null;
    }
  }

  /** Sends now when connected to `url`, else connects and sends once welcomed. */
  function request(url: string, msg: ClientMessage): void {
    const open = connection.url === url && connection.status.state === 'open';
    if (open && connection.send(msg)) return;
    intent.value = msg;
    connection.connect(url);
  }

  function createTable(
    url: string,
    name: string,
    player: string,
    options: TableOptions,
    bots: (number | BotSeatChoice)[],
    mySeat = 0,
  ): void {
    // The host names the bots in the creator's language.
    const lang = settings.effectiveLocale;
    request(url, { type: 'createTable', name, player, options, seat: mySeat, bots, lang });
  }

  function join(url: string, tableId: string, name: string, wantSeat?: number, code?: string): void {
    const saved = seats.find(url, tableId);
    if (saved) {
      // This browser already holds a seat there: take it back rather than a second one.
      setSession({ url, tableId, token: saved.token, seat: saved.seat });
      if (connection.url === url && connection.status.state === 'open')
        connection.send({ type: 'resume', token: saved.token });
      else connection.connect(url);
      return;
    }
    lastJoin = { url, tableId, name, ...(wantSeat === undefined ? {} : { seat: wantSeat }) };
    request(url, {
      type: 'join',
      tableId,
      name,
      ...(wantSeat === undefined ? {} : { seat: wantSeat }),
      ...(code ? { code } : {}),
    });
  }

  function spectate(url: string, tableId: string): void {
    request(url, spectateMessage(tableId));
  }

  /** Spectators say who they are, when they have a name, so the players see who is watching. */
  function spectateMessage(tableId: string): ClientMessage {
    const name = settings.playerName.trim();
    return { type: 'spectate', tableId, ...(name ? { name } : {}) };
  }

  /**
   * Back to the lobby. Before the start (or when watching) the host frees the seat. Once the game has
   * started, during it and after it, the seat stays ours: we only hang up, the table sees us away (the
   * rematch vote waits for us), and the lobby offers "Rejoin" with the saved token.
   */
  function leave(): void {
    const s = session.value;
    const started = !!s?.token && !!table.value && table.value.state !== 'open';
    if (s && started) connection.disconnect();
    else if (s) {
      connection.send({ type: 'leave' });
      seats.forget(s.url, s.tableId);
    }
    reset();
  }

  /**
   * Away from the table without leaving it (the browser's Back, another table's address): we only hang
   * up, so the seat stays ours whether the game has started or not (the table sees us away), and its
   * address, or "Rejoin" in the lobby, takes it back. A spectator simply stops watching.
   */
  function stepAway(): void {
    if (session.value || intent.value) connection.disconnect();
    reset();
  }

  function start(): void {
    // A double-click would send a second start, which the host refuses: the game has started.
    if (startSent) return;
    startSent = sendOrWarn({ type: 'start' });
  }

  /** A bot takes the seat (at `level`/`think`, or the table's), or leaves it; on a bot's seat: its new level. */
  function setBot(botSeat: number, bot: boolean, level?: BotLevel, think?: BotThink): void {
    const choice = { ...(level ? { level } : {}), ...(think ? { think } : {}) };
    sendOrWarn({ type: 'setBot', seat: botSeat, bot, ...choice, lang: settings.effectiveLocale });
  }

  /** Every move goes as a one-step `turn`; the next round is dealt by the ready vote (`ready`). */
  function move(m: Move): void {
    if (!view.value || awaiting.value) return;
    turn([m]);
  }

  /** A turn confirmed on screen (or its part up to a draw, or a pass): its steps in one `turn` message. */
  function turn(steps: Move[]): void {
    if (!view.value || awaiting.value || steps.length === 0) return;
    sentTurn = { steps, moveCount: view.value.moveCount };
    if (sendOrWarn({ type: 'turn', ...sentTurn })) awaiting.value = true;
  }

  /** A turn the host refused while the table was moving: sent again once the table plays (there, or here after all). */
  function sendHeldTurn(): void {
    const held = heldTurn;
    heldTurn = null;
    if (held && view.value?.moveCount === held.moveCount && view.value.legalMoves.length > 0)
      turn(held.steps);
  }

  /**
   * This seat's staged steps, kept in the tab's session through a reload (the turn model checks they still
   * start where the host is); what is not a list of moves is no staged turn of ours.
   */
  const keptSteps = {
    load(): StagedSteps | null {
      const s = session.value;
      if (!s || s.seat === undefined) return null;
      const kept = loadStaged(services().session, s.tableId, s.seat);
      return kept && v.is(v.array(MoveSchema), kept.steps) ? { at: kept.at, steps: kept.steps } : null;
    },
    save(staged: StagedSteps | null): void {
      const s = session.value;
      if (s && s.seat !== undefined) saveStaged(services().session, s.tableId, s.seat, staged);
    },
  };

  /** Between rounds: ready for the next one (or not any more); the host deals it once everyone is. */
  function ready(yes = true): void {
    sendOrWarn({ type: 'ready', ready: yes });
  }

  /** Says yes to a rematch (or takes it back); the host starts it once every player has said yes. */
  function rematch(ready = true): void {
    sendOrWarn({ type: 'rematch', ready });
  }

  function replaceByBot(target: number): void {
    sendOrWarn({ type: 'replaceByBot', seat: target });
  }

  /** `target`'s turn clock ran out: a bot plays that one turn for them. */
  function botTurn(target: number): void {
    sendOrWarn({ type: 'botTurn', seat: target });
  }

  function voteOut(target: number): void {
    sendOrWarn({ type: 'voteOut', seat: target });
  }

  function sendOrWarn(msg: ClientMessage): boolean {
    if (connection.send(msg)) return true;
    notices.push({ kind: 'error', key: 'notice.notConnected' });
    return false;
  }

  /**
   * The tab's host came back at another address (net/host-moved.ts): the seat (its token) moves there and
   * the link follows; once welcomed, the seat is resumed as after any reconnection.
   */
  function followHost(url: string): void {
    const s = session.value;
    if (!s || s.url === url) return;
    const kept = seats.find(s.url, s.tableId);
    if (kept) {
      seats.remember(url, s.tableId, kept);
      seats.forget(s.url, s.tableId);
    }
    setSession({ ...s, url });
    connection.connect(url);
  }

  function setSession(next: TableSession | null): void {
    // The host's name rides along: a host that comes back at another address is known by it.
    const s =
      next && !next.hostName && connection.hostName ? { ...next, hostName: connection.hostName } : next;
    session.value = s;
    saveSession(services().session, s);
  }

  function reset(): void {
    early = {};
    sentTurn = heldTurn = null;
    syncAsked = false;
    startSent = false;
    setSession(null);
    table.value = null;
    view.value = null;
    previousView.value = null;
    roundEndView.value = null;
    intent.value = null;
    awaiting.value = false;
  }

  function handle(msg: ServerMessage): void {
    switch (msg.type) {
      case 'joined': {
        const url = connection.url ?? '';
        setSession({ url, tableId: msg.tableId, token: msg.token, seat: msg.seat });
        seats.remember(url, msg.tableId, {
          token: msg.token,
          seat: msg.seat,
          tableName: early.table?.id === msg.tableId ? early.table.name : '',
          savedAt: Date.now(),
        });
        applyEarly(msg.tableId);
        useTableControlStore().seated();
        return;
      }
      case 'spectating':
        setSession({ url: connection.url ?? '', tableId: msg.tableId, spectator: true });
        applyEarly(msg.tableId);
        return;
      case 'moved': {
        const s = session.value;
        if (s?.tableId !== msg.tableId) return;
        const url = followMoved(msg, s);
        if (url) followHost(url);
        return;
      }
      case 'left':
        // Unasked (we reset on leave()): the seat was taken over by another connection holding our
        // token (another tab or machine), or the table was removed. The saved token stays: it may
        // still be the other tab's.
        if (session.value?.tableId === msg.tableId) {
          // Removed by the table's creator: the token opens nothing any more, and the notice stays until read.
          if (msg.reason) seats.forget(session.value.url, msg.tableId);
          reset();
          if (msg.reason) notices.push({ kind: 'error', key: `control.left.${msg.reason}` }, 0);
          else notices.push({ kind: 'info', key: 'notice.left' });
        }
        return;
      case 'table':
        if (typeof msg.table.hostNow === 'number') heardFromHost(msg.table.hostNow);
        if (session.value?.tableId !== msg.table.id) {
          early.table = msg.table;
          return;
        }
        table.value = msg.table;
        if (msg.table.state !== 'open') startSent = false;
        if (session.value.token) {
          const s = session.value;
          seats.remember(s.url, s.tableId, {
            token: s.token!,
            seat: s.seat ?? 0,
            tableName: msg.table.name,
            savedAt: Date.now(),
          });
        }
        return;
      case 'view':
        if (session.value?.tableId !== msg.tableId) {
          early.view = { tableId: msg.tableId, view: msg.view };
          return;
        }
        syncAsked = false;
        show(msg.view);
        sendHeldTurn();
        return;
      case 'viewDelta':
        onDelta(msg);
        return;
      case 'error':
        onError(msg);
        return;
      default:
        return;
    }
  }

  function show(next: SeatView): void {
    previousView.value = view.value;
    view.value = next;
    if (next.phase !== 'turn') roundEndView.value = next;
    awaiting.value = false;
  }

  /**
   * A delta applies to the view we hold or not at all: after a missed frame (its `from` is not our move
   * count) or on any mismatch, the view stays as it was and we ask the host for the whole one.
   */
  function onDelta(msg: Extract<ServerMessage, { type: 'viewDelta' }>): void {
    if (session.value?.tableId !== msg.tableId) return;
    const result = view.value ? applyDelta(view.value, msg) : null;
    if (result?.ok) {
      show(result.view);
      return sendHeldTurn();
    }
    if (syncAsked) return;
    syncAsked = connection.send({ type: 'sync' });
  }

  function applyEarly(tableId: string): void {
    const { table: t, view: v } = early;
    early = {};
    if (t?.id === tableId) handle({ type: 'table', table: t });
    if (v?.tableId === tableId) handle({ type: 'view', tableId, view: v.view });
  }

  function onError(msg: Extract<ServerMessage, { type: 'error' }>): void {
    // A refused reaction says nothing about a move on its way (the screens hold back within the rate).
    if (msg.to === 'react') return;
    awaiting.value = false;
    if (msg.to === 'sync') syncAsked = false;
    if (msg.to === 'start') startSent = false;
    if (msg.code === 'moving' && msg.to === 'turn') heldTurn = sentTurn;
    const removed = msg.code === 'removed';
    if (
      removed ||
      msg.code === 'badToken' ||
      (msg.code === 'noSuchTable' && msg.to !== 'join' && session.value)
    ) {
      // The seat is gone (voted out, removed, table removed, host restarted without it): back to the lobby.
      if (session.value) seats.forget(session.value.url, session.value.tableId);
      reset();
      notices.push(
        { kind: 'error', key: removed ? 'control.left.removed' : 'notice.seatGone' },
        removed ? 0 : undefined,
      );
      return;
    }
    if (msg.to === 'join' || msg.to === 'createTable' || msg.to === 'spectate') intent.value = null;
    if (msg.to === 'join' && useTableControlStore().joinRefused(msg, lastJoin)) return;
    // A refused sync (the game has not started) leaves nothing for the player to do.
    if (QUIET_ERRORS.has(msg.code) || msg.to === 'sync') return;
    notices.push({
      kind: 'error',
      key: useTableControlStore().errorKey(msg.code),
      params: { reason: msg.reason },
      fallback: msg.reason,
    });
  }

  return {
    session,
    table,
    view,
    previousView,
    roundEndView,
    intent,
    awaiting,
    seat,
    spectator,
    isCreator,
    atTable,
    init,
    createTable,
    join,
    spectate,
    leave,
    stepAway,
    start,
    setBot,
    move,
    turn,
    keptSteps,
    ready,
    rematch,
    replaceByBot,
    botTurn,
    voteOut,
    reset,
    followHost,
  };
});
