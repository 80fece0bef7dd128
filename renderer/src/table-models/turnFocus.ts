import { nextTick, watch, type Ref } from 'vue';
import type { SeatView } from '../../../shared/engine/types';
import type { Turn } from './turn';

/**
 * Where the keyboard's focus goes as a turn moves on (TurnPanel's): a step, a 7's card, the host's answer or a
 * new round takes away what had the focus, and the focus would fall to the page, 17–20 Tabs from the hand. It
 * goes on to where the turn goes on instead: Confirm, the pending choice's controls, or the hand. `panel` is the
 * turn's panel, `confirmButton` its Confirm (null while it is not shown).
 */
export function useTurnFocus(
  model: () => Turn,
  view: () => SeatView,
  panel: Ref<HTMLElement | null>,
  confirmButton: Ref<HTMLButtonElement | null>,
): void {
  /**
   * The focus is on nothing a person can use: the page itself, an element gone or on its way out (a card
   * leaving the hand as a new round is dealt), or a disabled button.
   */
  const focusLost = (el: Element | null): boolean =>
    !el ||
    el === document.body ||
    !el.isConnected ||
    el.matches(':disabled') ||
    !!el.closest('[class*="-leave-active"]');
  /** The hand's one tab stop (HandView's roving focus), not a card on its way out of the hand. */
  const handStop = (): HTMLElement | null =>
    document.querySelector<HTMLElement>('.my-hand li:not(.hand-leave-active) > button.card[tabindex="0"]');
  /** Where the next turn starts: the hand, or the page's main region once the hand is empty. */
  const handOrMain = (): HTMLElement | null => handStop() ?? document.getElementById('main');
  /** Moves the focus there, unless a dialog holds it (the round's summary may open with the same update). */
  function focusOn(el: HTMLElement | null, options?: FocusOptions): void {
    if (el && !document.querySelector('[aria-modal="true"]')) el.focus(options);
  }
  const enabledHere = (id: string): HTMLElement | null =>
    panel.value?.querySelector<HTMLElement>(`[data-testid="${id}"]:not(:disabled)`) ?? null;
  /**
   * Where the turn goes on once a step took away what had the focus: Confirm when the turn may end, else the
   * pending choice's own controls (the draw, a 7's palette cards or their destinations, a 1's cards, the hand
   * for a 5's second card).
   */
  function nextControl(): HTMLElement | null {
    if (confirmButton.value) return confirmButton.value;
    switch (model().pending) {
      case 'draw':
        return enabledHere('draw');
      case 'seven':
        return model().sevenCard
          ? (enabledHere('seven-canvas') ?? enabledHere('seven-deck'))
          : document.querySelector<HTMLElement>('.my-seat button.card');
      case 'one':
        return document.querySelector<HTMLElement>('.others button.card');
      case 'five':
        return handStop();
      default:
        return null;
    }
  }
  /**
   * A staged step that took away what had the focus leaves it on nothing (a button of this panel gone or
   * disabled, as Play is once a card is played; a hand card played by keys, which lets go of it on purpose,
   * HandView): it goes on to the turn's next control (nextControl), so that Enter confirms and a screen reader
   * hears where the turn stands; Confirm also comes into sight on a small phone. The card a 1 picked is still in
   * the page while it flies to the deck: the focus leaves it too, or the next Enter would press the leaving card
   * instead of Confirm (on a phone, seen at 360×740, the card has let go of the focus already, and it is on
   * nothing). A step taken back (Undo) that took its button with it leaves the focus on the card it gave back.
   */
  watch(
    () => model().steps.length,
    async (n, before) => {
      // Still the DOM before the step: was the focus on the turn (this panel, the hand, a 1's pick) or on
      // nothing? Elsewhere (the rules' button, the log) it stays where it is.
      const focused = document.activeElement;
      const picked = focused?.closest('.others button.card') ?? null;
      const wasHere =
        focusLost(focused) ||
        !!focused?.closest('.my-hand') ||
        (panel.value?.contains(focused) ?? false) ||
        model().lastStep?.type === 'one';
      await nextTick();
      const active = document.activeElement;
      if (!wasHere || !(focusLost(active) || active === picked)) return;
      // A button of this panel gone (a 7's or the draw's answer) or a 1's pick: Confirm is scrolled into sight on
      // a small phone. Play disabled where it stands, or a hand card played by keys: the page stays where it is
      // (a phone's staged turn is laid out to be seen whole, seen scrolled off at 360×740 after a tap on Play).
      const scroll = (panel.value?.contains(focused) || picked !== null) && !active?.matches(':disabled');
      focusOn(
        n > before
          ? nextControl()
          : (document.querySelector<HTMLElement>('.my-hand button.card[aria-pressed="true"]') ??
              nextControl()),
        { preventScroll: !scroll },
      );
    },
  );
  /**
   * A 7's card picked from the palette: the focus goes on to where it may go (its buttons appear here, and
   * they say the rule each would make), the first one allowed. "Choose another card" (or Esc) takes them away:
   * the focus goes back to the palette's cards.
   */
  watch(
    () => model().sevenCard,
    async (card, before) => {
      const focused = document.activeElement;
      const fromPalette = !!focused?.closest('.my-seat button.card');
      await nextTick();
      if (model().pending !== 'seven') return;
      if (card && fromPalette) focusOn(nextControl(), { preventScroll: true });
      else if (!card && before && focusLost(document.activeElement))
        focusOn(
          document.querySelector<HTMLElement>(`.my-seat button.card[data-card="${before}"]`) ?? nextControl(),
          { preventScroll: true },
        );
    },
  );
  /**
   * Something sent (a turn, a step that draws) and the host's answer in: the buttons waited, disabled, and
   * the focus fell to the page. It goes on to the turn's next control if the turn goes on (a 3's draw), else to
   * the hand, where the next turn starts (the page's main region if the hand is empty), not while a dialog (the
   * round's summary) holds it.
   */
  watch(
    () => model().busy,
    async (now, before) => {
      if (now || !before) return;
      await nextTick();
      if (!focusLost(document.activeElement)) return;
      focusOn(nextControl() ?? handOrMain(), { preventScroll: true });
    },
  );
  /**
   * A new round dealt: the round's summary closes, and what had the focus before it opened (the last round's
   * hand) is gone or on its way out, so the focus would be on nothing or on the page's main region; it goes
   * on to the new hand instead.
   */
  watch(
    () => view().round,
    async () => {
      await nextTick();
      const active = document.activeElement;
      if (view().seat !== null && (focusLost(active) || active?.id === 'main'))
        focusOn(handStop(), { preventScroll: true });
    },
  );
}
