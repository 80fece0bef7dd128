import { computed, reactive, ref, watch } from 'vue';
import {
  adviseTurn,
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
  /** Hands one step of the turn to the host. */
  send(move: Move): void;
  /** A step is on its way, or the link is down: nothing more is taken until it settles. */
  busy(): boolean;
  /** The coach's answer and the move count of the position it was asked about, if any. */
  suggestion(): (Suggestion & { moveCount: number }) | null;
}

/** How a hand card can keep the player in, at the start of the turn (the engine's advice). */
export type KeepMark = 'play' | 'discard' | 'playDiscard';
/** A step that asks "are you sure?" before it is taken: it leaves the player out of the round. */
export type Confirming = 'end' | 'pass';
type CardMap<T> = Partial<Record<CardId, T>>;

/**
 * The turn as the player at `view().seat` sees it, worked out once: what is selected, what each card would
 * do, what is pending, the 1's and the 7's choices, the coach's and the engine's marks, the out report; and
 * every step the player can take. Components draw it and call its steps; none works any of it out again.
 *
 * Every step goes through `take`, the one place that hands a move on: today each goes to the host at once.
 * A turn staged on screen and confirmed as one message would keep its steps here.
 */
export function createTurn(view: () => SeatView, port: TurnPort) {
  const chosen = ref<CardId | null>(null);
  /** A choice made at one position means nothing at the next: each remembers the move count it was made at. */
  const sevenPick = ref<{ card: CardId; at: number } | null>(null);
  const asking = ref<{ what: Confirming; at: number } | null>(null);

  const mine = computed(() => isOwnTurn(view()));
  const pending = computed(() => (mine.value ? (view().turn?.pending ?? null) : null));
  const busy = computed(() => port.busy());
  /** The selected hand card. Once it leaves the hand the choice is gone, even if the card comes back later. */
  watch(
    () => view().hand,
    (hand) => {
      if (chosen.value && !hand.includes(chosen.value)) chosen.value = null;
    },
    { flush: 'sync' },
  );
  const selected = computed(() => chosen.value);
  const sevenCard = computed(() =>
    pending.value === 'seven' && sevenPick.value?.at === view().moveCount ? sevenPick.value.card : null,
  );
  const confirming = computed(() => (asking.value?.at === view().moveCount ? asking.value.what : null));

  const playMove = computed<Move | null>(() =>
    selected.value ? { type: 'play', card: selected.value } : null,
  );
  const discardMove = computed<Move | null>(() =>
    selected.value ? { type: 'discard', card: selected.value } : null,
  );
  const legal = (m: Move | null): boolean => !!m && isLegal(view(), m);
  const canPlay = computed(() => legal(playMove.value));
  const canDiscard = computed(() => legal(discardMove.value));
  const canEnd = computed(() => legal({ type: 'end' }));
  const canPass = computed(() => legal({ type: 'pass' }));
  const canNext = computed(() => legal({ type: 'nextRound' }));
  /** The turn still allows a play (the 5's extra play counts too). */
  const playOffered = computed(() => hasMove(view(), 'play') || pending.value === 'five');

  /** Why the step is refused, for the selected card (null when it is allowed or there is nothing to ask). */
  const why = (m: Move | null, allowed: boolean): IllegalReason | null =>
    m && !allowed ? whyNot(view(), m) : null;
  const playWhy = computed(() => why(playMove.value, canPlay.value));
  const discardWhy = computed(() => why(discardMove.value, canDiscard.value));
  const endWhy = computed(() => (mine.value ? why({ type: 'end' }, canEnd.value) : null));

  const playPreview = computed(() =>
    selected.value && mine.value ? previewPlay(view(), selected.value) : null,
  );
  const discardPreview = computed(() =>
    selected.value && mine.value ? previewDiscard(view(), selected.value) : null,
  );
  const endPreview = computed(() => (mine.value ? previewEnd(view()) : null));

  /** The advanced draw: the card it would bring, when that card is public. */
  const drawKnown = computed(() => (pending.value === 'draw' ? (drawOffer(view())?.known ?? null) : null));

  /** A pending 1: the palettes it may take from, each card with the engine's lead check (worked out once). */
  const ones = computed(() => (pending.value === 'one' ? oneChoices(view()) : []));
  const oneSeats = computed(() => ones.value.map((c) => c.seat));
  const oneAnyLeads = computed(() => ones.value.some((c) => c.cards.some((x) => x.leads)));
  /** A pending 7: every palette card with its destinations (worked out once). */
  const sevens = computed(() => (pending.value === 'seven' ? sevenChoices(view()) : []));
  const sevenOption = (to: 'canvas' | 'deck') =>
    computed(() => sevens.value.find((o) => o.card === sevenCard.value && o.to === to) ?? null);
  const sevenCanvas = sevenOption('canvas');
  const sevenDeck = sevenOption('deck');

  /** Palette cards a pending 7 or 1 may take, by seat; `leading`: taking it leaves me leading. */
  const picks = computed(() => {
    const v = view();
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
  const advice = computed(() => (mine.value ? adviseTurn(view()) : null));
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
    return s && s.moveCount === view().moveCount ? s : null;
  });
  /** The hand cards the coach's turn plays or discards. */
  const suggested = computed(() => {
    const out: CardMap<'play' | 'discard'> = {};
    for (const m of suggestion.value?.turn ?? [])
      if ((m.type === 'play' || m.type === 'discard') && view().hand.includes(m.card)) out[m.card] = m.type;
    return out;
  });

  /** Hand cards that can do nothing now, with the engine's reason. */
  const blocked = computed(() => {
    const out: CardMap<IllegalReason> = {};
    const v = view();
    if (!mine.value || (pending.value !== null && pending.value !== 'five')) return out;
    for (const card of v.hand) {
      if (isLegal(v, { type: 'play', card }) || isLegal(v, { type: 'discard', card })) continue;
      out[card] = whyNot(v, { type: 'play', card })!;
    }
    return out;
  });

  /**
   * Why I am out of this round; it stays until the next deal. Once out, the answer cannot change within the
   * round, so it is worked out once per round (a replay of the round's log), not again on every later move.
   */
  const outKept = computed<{ key: string; report: OutExplanation | null }>((before) => {
    const v = view();
    const deal = v.log.findLast((e) => e.kind === 'deal');
    const key = JSON.stringify([v.seat, v.seat !== null && v.out[v.seat], deal]);
    return before?.key === key ? before : { key, report: explainOut(v) };
  });
  const outReport = computed(() => outKept.value.report);

  /** The one door of a step: refused while busy or when the host's legal moves do not hold it. */
  function take(move: Move | null): void {
    if (!move || busy.value || !isLegal(view(), move)) return;
    port.send(move);
  }

  /** A click on a hand card: selects it, or clears the selection when it was selected. */
  function toggle(card: CardId | null): void {
    chosen.value = selected.value === card ? null : card;
  }
  /** A number key: selects that card (again pressing it keeps it selected). */
  function select(card: CardId): void {
    chosen.value = card;
  }
  /** Escape: no card selected, no 7 card picked. */
  function clear(): void {
    chosen.value = null;
    sevenPick.value = null;
  }
  /** A palette card chosen during a 7 (mine: it waits for its destination) or a 1 (taken at once). */
  function pick(seat: number, card: CardId): void {
    if (pending.value === 'seven' && seat === view().seat) sevenPick.value = { card, at: view().moveCount };
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
  /** Ending a turn that does not lead puts the player out: that asks first. */
  function end(): void {
    if (!canEnd.value) return;
    if (endPreview.value && !endPreview.value.leads) asking.value = { what: 'end', at: view().moveCount };
    else take({ type: 'end' });
  }
  /** Passing always leaves the round: it asks first. */
  function pass(): void {
    if (canPass.value) asking.value = { what: 'pass', at: view().moveCount };
  }
  function confirm(): void {
    const what = confirming.value;
    asking.value = null;
    if (what) take({ type: what });
  }
  function cancel(): void {
    asking.value = null;
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
    canNext,
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
    toggle,
    select,
    clear,
    pick,
    clearSeven,
    seven,
    play,
    discard,
    end,
    pass,
    confirm,
    cancel,
    take,
  });
}

/** One player's turn, as `createTurn` works it out. */
export type Turn = ReturnType<typeof createTurn>;
