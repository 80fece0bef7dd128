import { computed, reactive, ref, watch } from 'vue';
import {
  adviseTurn,
  stageTurn,
  drawOffer,
  explainOut,
  isOwnTurn,
  oneChoices,
  previewDiscard,
  previewEnd,
  previewPlay,
  sevenChoices,
  whyNot,
} from '../../../shared/engine';
import type { IllegalReason, OutExplanation } from '../../../shared/engine';
import type { CardId, Move, SeatView } from '../../../shared/engine/types';
import type { Suggestion } from '../coach/handler';
import { hasMove, isLegal } from './moves';

/** What a turn reaches outside itself for. */
export interface TurnPort {
  /**
   * Hands steps to the host in one message: the confirmed turn, the part of it up to a draw from the
   * face-down deck, or a pass on its own.
   */
  send(steps: Move[]): void;
  /** A step is on its way, or the link is down: nothing more is taken until it settles. */
  busy(): boolean;
  /** The coach's answer and the move count of the position it was asked about, if any. */
  suggestion(): (Suggestion & { moveCount: number }) | null;
  /**
   * Where the staged steps are kept on this device, so that a reload in the middle of a turn finds them
   * again (absent: nowhere, as in the tutorial).
   */
  kept?: { load(): StagedSteps | null; save(staged: StagedSteps | null): void };
}

/** Staged steps and the host's position they start from (its round, move count and log length). */
export interface StagedSteps {
  at: string;
  steps: Move[];
}

/** How a hand card can keep the player in, at the start of the turn (the engine's advice). */
export type KeepMark = 'play' | 'discard' | 'playDiscard';
/** A step that asks "are you sure?" before it is taken: it leaves the player out of the round. */
export type Confirming = 'end' | 'pass';
/** The cards the staged steps moved, where they are now (drawn distinctly: the host has not got them). */
export interface StagedCards {
  palettes: CardId[][];
  canvas: CardId[];
  deck: CardId[];
}
type CardMap<T> = Partial<Record<CardId, T>>;

/**
 * The turn as the player at `view().seat` sees it, worked out once: what is selected, what each card would
 * do, what is pending, the 1's and the 7's choices, the coach's and the engine's marks, the out report; and
 * every step the player can take. Components draw it and call its steps; none works any of it out again.
 *
 * The turn is staged here: every step goes through `take`, which keeps it (the board draws `shown`, the
 * table after the staged steps) until `confirm` sends them all in one message. Only a step that draws
 * from the face-down deck goes at once, with the steps before it: the host alone knows that card.
 * `view()` is the host's view; the staged steps are dropped once its move count changes.
 */
export function createTurn(view: () => SeatView, port: TurnPort) {
  const chosen = ref<CardId | null>(null);
  /** The staged steps, and the host's position they start from. */
  const staging = ref<StagedSteps>(port.kept?.load() ?? { at: '', steps: [] });
  // Kept as they change; steps kept for a position the host has moved on from are not staged (below).
  watch(staging, (s) => port.kept?.save(s.steps.length ? s : null));
  const positionOf = (v: SeatView): string => `${v.round}:${v.moveCount}:${v.log.length}`;
  const steps = computed<Move[]>(() => (staging.value.at === positionOf(view()) ? staging.value.steps : []));
  const staged = computed(() => {
    try {
      return stageTurn(view(), steps.value);
    } catch {
      return stageTurn(view(), []); // a host view these steps no longer fit: nothing is staged
    }
  });
  /** The table as the player's screen shows it: the host's view after the staged steps. */
  const shown = computed(() => staged.value.view);
  /** The staged turn is over: nothing is left but to confirm it (or take a step back). */
  const ended = computed(() => staged.value.ended);
  /** Where the staged steps put cards (palettes, canvas, deck): in the shown view, not in the host's. */
  const stagedCards = computed<StagedCards>(() => {
    const host = view();
    const now = shown.value;
    if (!steps.value.length) return { palettes: now.palettes.map(() => []), canvas: [], deck: [] };
    const added = (after: CardId[], before: CardId[] = []) => after.filter((c) => !before.includes(c));
    return {
      palettes: now.palettes.map((p, i) => added(p, host.palettes[i])),
      canvas: added(now.canvas, host.canvas),
      deck: added(now.deckKnownTop, host.deckKnownTop),
    };
  });
  /** A choice made at one position means nothing at the next: each remembers the move count it was made at. */
  const sevenPick = ref<{ card: CardId; at: number } | null>(null);
  const asking = ref<{ what: Confirming; at: number } | null>(null);

  const mine = computed(() => isOwnTurn(shown.value));
  const pending = computed(() => (mine.value ? (shown.value.turn?.pending ?? null) : null));
  const busy = computed(() => port.busy());
  /**
   * The selected hand card. Once it leaves the hand the choice is gone, even if the card comes back later;
   * a new round starts with none, even when the deal gives the same card again.
   */
  watch(
    () => [shown.value.round, shown.value.hand] as const,
    ([round, hand], [roundBefore]) => {
      if (chosen.value && (round !== roundBefore || !hand.includes(chosen.value))) chosen.value = null;
    },
    { flush: 'sync' },
  );
  const selected = computed(() => chosen.value);
  const sevenCard = computed(() =>
    pending.value === 'seven' && sevenPick.value?.at === shown.value.moveCount ? sevenPick.value.card : null,
  );
  const confirming = computed(() => (asking.value?.at === shown.value.moveCount ? asking.value.what : null));

  const playMove = computed<Move | null>(() =>
    selected.value ? { type: 'play', card: selected.value } : null,
  );
  const discardMove = computed<Move | null>(() =>
    selected.value ? { type: 'discard', card: selected.value } : null,
  );
  const legal = (m: Move | null): boolean => !!m && isLegal(shown.value, m);
  const canPlay = computed(() => legal(playMove.value));
  const canDiscard = computed(() => legal(discardMove.value));
  const canEnd = computed(() => legal({ type: 'end' }));
  const canPass = computed(() => legal({ type: 'pass' }));
  /** The turn still allows a play (the 5's extra play counts too). */
  const playOffered = computed(() => hasMove(shown.value, 'play') || pending.value === 'five');

  /** Why the step is refused, for the selected card (null when it is allowed or there is nothing to ask). */
  const why = (m: Move | null, allowed: boolean): IllegalReason | null =>
    m && !allowed ? whyNot(shown.value, m) : null;
  const playWhy = computed(() => why(playMove.value, canPlay.value));
  const discardWhy = computed(() => why(discardMove.value, canDiscard.value));
  const endWhy = computed(() => (mine.value && !ended.value ? why({ type: 'end' }, canEnd.value) : null));

  const playPreview = computed(() =>
    selected.value && mine.value ? previewPlay(shown.value, selected.value) : null,
  );
  const discardPreview = computed(() =>
    selected.value && mine.value ? previewDiscard(shown.value, selected.value) : null,
  );
  const endPreview = computed(() => (mine.value ? previewEnd(shown.value) : null));

  /** The advanced draw: the card it would bring, when that card is public. */
  const drawKnown = computed(() =>
    pending.value === 'draw' ? (drawOffer(shown.value)?.known ?? null) : null,
  );

  /** A pending 1: the palettes it may take from, each card with the engine's lead check (worked out once). */
  const ones = computed(() => (pending.value === 'one' ? oneChoices(shown.value) : []));
  const oneSeats = computed(() => ones.value.map((c) => c.seat));
  const oneAnyLeads = computed(() => ones.value.some((c) => c.cards.some((x) => x.leads)));
  /** A pending 7: every palette card with its destinations (worked out once). */
  const sevens = computed(() => (pending.value === 'seven' ? sevenChoices(shown.value) : []));
  const sevenOption = (to: 'canvas' | 'deck') =>
    computed(() => sevens.value.find((o) => o.card === sevenCard.value && o.to === to) ?? null);
  const sevenCanvas = sevenOption('canvas');
  const sevenDeck = sevenOption('deck');

  /** Palette cards a pending 7 or 1 may take, by seat; `leading`: taking it leaves me leading. */
  const picks = computed(() => {
    const v = shown.value;
    const pickable: CardId[][] = v.palettes.map(() => []);
    const leading: CardId[][] = v.palettes.map(() => []);
    if (v.seat !== null && pending.value === 'seven')
      pickable[v.seat] = [...new Set(sevens.value.filter((c) => c.legal).map((c) => c.card))];
    for (const choice of ones.value)
      for (const c of choice.cards) {
        pickable[choice.seat].push(c.card);
        if (c.leads) leading[choice.seat].push(c.card);
      }
    return { pickable, leading };
  });

  /** At the start of my turn: which hand cards keep me in, and whether any turn does. */
  const advice = computed(() => (mine.value ? adviseTurn(shown.value) : null));
  const hopeless = computed(() => !!advice.value && !advice.value.anyKeepsIn);
  const keepMarks = computed(() => {
    const out: CardMap<KeepMark[]> = {};
    for (const a of advice.value?.cards ?? []) {
      const marks: KeepMark[] = [];
      if (a.play) marks.push('play');
      if (a.discard) marks.push('discard');
      if (a.playThenDiscard && !a.play && !a.discard) marks.push('playDiscard');
      if (marks.length) out[a.card] = marks;
    }
    return out;
  });

  /** The coach's answer while its position stands (any move makes it stale). */
  const suggestion = computed(() => {
    const s = port.suggestion();
    return s && s.moveCount === shown.value.moveCount ? s : null;
  });
  /** The hand cards the coach's turn plays or discards. */
  const suggested = computed(() => {
    const out: CardMap<'play' | 'discard'> = {};
    for (const m of suggestion.value?.turn ?? [])
      if ((m.type === 'play' || m.type === 'discard') && shown.value.hand.includes(m.card))
        out[m.card] = m.type;
    return out;
  });

  /**
   * Hand cards that can do nothing now, with the engine's reason: the play's, or once a card is played the
   * discard's ("you already played a card" is true of every card then, and says nothing of this one).
   */
  const blocked = computed(() => {
    const out: CardMap<IllegalReason> = {};
    const v = shown.value;
    if (!mine.value || (pending.value !== null && pending.value !== 'five')) return out;
    for (const card of v.hand) {
      if (isLegal(v, { type: 'play', card }) || isLegal(v, { type: 'discard', card })) continue;
      const play = whyNot(v, { type: 'play', card })!;
      out[card] = play.code === 'alreadyPlayed' ? (whyNot(v, { type: 'discard', card }) ?? play) : play;
    }
    return out;
  });

  /**
   * Why I am out of this round; it stays until the next deal. Once out, the answer cannot change within the
   * round, so it is worked out once per round (a replay of the round's log), not again on every later move.
   */
  const outKept = computed<{ key: string; report: OutExplanation | null }>((before) => {
    const v = view(); // history: the host's view, not the staged one
    const deal = v.log.findLast((e) => e.kind === 'deal');
    const key = JSON.stringify([v.seat, v.seat !== null && v.out[v.seat], deal]);
    return before?.key === key ? before : { key, report: explainOut(v) };
  });
  const outReport = computed(() => outKept.value.report);

  /** Would `move`, after the staged steps, draw from the face-down deck (then it cannot be staged)? */
  function drawsUnknown(move: Move | null): boolean {
    if (!move || !isLegal(shown.value, move)) return false;
    try {
      return stageTurn(view(), [...steps.value, move]).drawsUnknown;
    } catch {
      return false;
    }
  }
  /** The step's button says the turn so far becomes final (it goes to the host with this step). */
  const playFinal = computed(() => drawsUnknown(playMove.value));
  const discardFinal = computed(() => drawsUnknown(discardMove.value));
  const drawFinal = computed(() => pending.value === 'draw' && drawsUnknown({ type: 'draw' }));

  /**
   * The one door of a step: refused while busy or when the staged table does not allow it. A pass goes
   * to the host alone (the staged steps are dropped); a step that draws from the face-down deck goes with
   * the steps before it; any other step is staged.
   */
  function take(move: Move | null): void {
    if (!move || busy.value || !isLegal(shown.value, move)) return;
    if (move.type === 'nextRound') return; // not a step of a turn: the round summary asks for it
    if (move.type === 'pass') return port.send([move]);
    const next = [...steps.value, move];
    if (drawsUnknown(move)) return port.send(next);
    staging.value = { at: positionOf(view()), steps: next };
  }

  /** The step Undo would take back (null: nothing is staged). */
  const lastStep = computed<Move | null>(() => steps.value.at(-1) ?? null);
  /** Takes the latest staged step back; the card it played or discarded is selected again. */
  function undo(): void {
    const last = lastStep.value;
    if (!last || busy.value) return;
    staging.value = { at: positionOf(view()), steps: steps.value.slice(0, -1) };
    asking.value = null;
    sevenPick.value = null;
    chosen.value = last.type === 'play' || last.type === 'discard' ? last.card : null;
  }

  /**
   * The turn can be confirmed: it has ended on screen, or it may end now (something was played, nothing
   * is pending).
   */
  const canConfirm = computed(() => mine.value && (ended.value || isLegal(shown.value, { type: 'end' })));
  /** The steps that go to the host when the turn is confirmed. */
  const confirmedSteps = (): Move[] => (ended.value ? steps.value : [...steps.value, { type: 'end' }]);
  /** Enter: sends the staged turn; ending it without the lead puts the player out, so that asks first. */
  function confirm(): void {
    if (!canConfirm.value || busy.value) return;
    if (!ended.value && endPreview.value && !endPreview.value.leads)
      asking.value = { what: 'end', at: shown.value.moveCount };
    else port.send(confirmedSteps());
  }
  /** Passing always leaves the round: it asks first. */
  function pass(): void {
    if (canPass.value) asking.value = { what: 'pass', at: shown.value.moveCount };
  }
  /**
   * Yes to the question asked (end out of the lead, or pass). While busy (a step on its way, the link down, a bot
   * playing this timed-out turn) the question stays open, its Yes waiting, rather than closing with nothing sent.
   */
  function agree(): void {
    const what = confirming.value;
    if (!what || busy.value) return;
    asking.value = null;
    if (what === 'pass') take({ type: 'pass' });
    else if (canConfirm.value) port.send(confirmedSteps());
  }
  function cancel(): void {
    asking.value = null;
  }
  /** Escape: clears a selection first; with nothing selected, takes the latest step back. */
  function escape(): void {
    if (chosen.value || sevenCard.value) clear();
    else undo();
  }

  /** A click on a hand card: selects it, or clears the selection when it was selected. */
  function toggle(card: CardId | null): void {
    chosen.value = selected.value === card ? null : card;
  }
  /** A number key: selects that card (again pressing it keeps it selected). */
  function select(card: CardId): void {
    chosen.value = card;
  }
  /** No card selected, no 7 card picked. */
  function clear(): void {
    chosen.value = null;
    sevenPick.value = null;
  }
  /** A palette card chosen during a 7 (mine: it waits for its destination) or a 1 (staged at once). */
  function pick(seat: number, card: CardId): void {
    if (pending.value === 'seven' && seat === shown.value.seat)
      sevenPick.value = { card, at: shown.value.moveCount };
    else if (pending.value === 'one') take({ type: 'one', seat, card });
  }
  function clearSeven(): void {
    sevenPick.value = null;
  }
  function seven(to: 'canvas' | 'deck'): void {
    if (sevenCard.value) take({ type: 'seven', card: sevenCard.value, to });
  }
  function play(): void {
    take(playMove.value);
  }
  function discard(): void {
    take(discardMove.value);
  }

  return reactive({
    mine,
    pending,
    busy,
    selected,
    sevenCard,
    confirming,
    canPlay,
    canDiscard,
    canEnd,
    canPass,
    playOffered,
    playWhy,
    discardWhy,
    endWhy,
    playPreview,
    discardPreview,
    endPreview,
    drawKnown,
    oneSeats,
    oneAnyLeads,
    sevenCanvas,
    sevenDeck,
    picks,
    advice,
    hopeless,
    keepMarks,
    suggestion,
    suggested,
    blocked,
    outReport,
    shown,
    steps,
    ended,
    stagedCards,
    lastStep,
    canConfirm,
    playFinal,
    discardFinal,
    drawFinal,
    toggle,
    select,
    clear,
    pick,
    clearSeven,
    seven,
    play,
    discard,
    /** E: the turn ends when it is confirmed. */
    end: confirm,
    confirm,
    undo,
    escape,
    pass,
    agree,
    cancel,
    take,
  });
}

/** One player's turn, as `createTurn` works it out. */
export type Turn = ReturnType<typeof createTurn>;
