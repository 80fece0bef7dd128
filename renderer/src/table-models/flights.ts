import { onBeforeUnmount, watch, type Ref } from 'vue';
import type { SeatView } from '../../../shared/engine/types';

/*
 * Card motion, FLIP style: just before a new view is drawn, note where every card on the table is
 * (`data-fly` cards, found by `data-card`); once it is drawn, each card that moved starts at its old
 * place and slides to the new one. A card that was hidden (another player's hand, the deck) starts
 * where it came from: that seat's place, or the deck. Another player's draw is a card back flying
 * from the deck to their place. Web Animations only: nothing waits for them, taps go through.
 */

export const FLIGHT_MS = 320;
const EASING = 'cubic-bezier(0.2, 0.7, 0.3, 1)';

export interface Snapshot {
  cards: Map<string, DOMRect>;
  /** The list (a hand, a palette) or seat each card was in. */
  areas: Map<string, Element | null>;
  seats: Map<number, DOMRect>;
  deck: DOMRect | null;
  view: SeatView;
}

const rectOf = (el: Element | null): DOMRect | null => el?.getBoundingClientRect() ?? null;
const areaOf = (el: Element): Element | null => el.parentElement?.closest('ul, ol, [data-seat]') ?? null;

export function snapshot(root: ParentNode, view: SeatView): Snapshot {
  const cards = new Map<string, DOMRect>();
  const areas = new Map<string, Element | null>();
  root.querySelectorAll<HTMLElement>('[data-fly][data-card]').forEach((el) => {
    cards.set(el.dataset.card!, el.getBoundingClientRect());
    areas.set(el.dataset.card!, areaOf(el));
  });
  const seats = new Map<number, DOMRect>();
  root.querySelectorAll<HTMLElement>('[data-seat]').forEach((el) => {
    seats.set(Number(el.dataset.seat), el.getBoundingClientRect());
  });
  return { cards, seats, areas, deck: rectOf(root.querySelector('[data-testid="deck"]')), view };
}

/** Where a card that was not in sight came from: the deck for my own draws, else the seat that moved. */
export function originOf(card: string, el: Element, before: Snapshot, now: SeatView): DOMRect | null {
  if (now.hand.includes(card as never)) return before.deck;
  const seat = el.closest<HTMLElement>('[data-seat]')?.dataset.seat;
  if (seat !== undefined) return before.seats.get(Number(seat)) ?? null;
  // The canvas or the deck: the seat whose turn it was.
  return before.view.current === null ? null : (before.seats.get(before.view.current) ?? null);
}

const centre = (r: DOMRect) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });

function fly(el: HTMLElement, from: DOMRect, reduced: boolean): void {
  if (typeof el.animate !== 'function') return;
  const to = el.getBoundingClientRect();
  const a = centre(from);
  const b = centre(to);
  const dx = a.x - b.x;
  const dy = a.y - b.y;
  // A card that stayed put does nothing (with reduced motion too: else every card blinks at every move).
  if (Math.hypot(dx, dy) < 4) return;
  if (reduced) {
    el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 250, easing: 'ease-out' });
    return;
  }
  el.animate(
    [
      { transform: `translate(${dx}px, ${dy}px)`, zIndex: 20 },
      { transform: 'translate(0, 0)', zIndex: 20 },
    ],
    { duration: FLIGHT_MS, easing: EASING },
  );
}

/** A face-down card flying from the deck to a seat (another player's draw), then gone. */
function ghost(doc: Document, from: DOMRect, to: DOMRect, reduced: boolean): void {
  const el = doc.createElement('div');
  el.className = 'flight-ghost';
  el.setAttribute('aria-hidden', 'true');
  Object.assign(el.style, {
    position: 'fixed',
    left: `${from.left}px`,
    top: `${from.top}px`,
    width: `${Math.max(from.width, 16)}px`,
    height: `${Math.max(from.height, 22)}px`,
    maxWidth: '2.5rem',
    maxHeight: '3.5rem',
    borderRadius: '0.3rem',
    border: '2px solid rgb(255 255 255 / 0.85)',
    background: 'repeating-linear-gradient(45deg, #7a2e1c 0 6px, #8f3a24 6px 12px)',
    pointerEvents: 'none',
    zIndex: '30',
  });
  doc.body.append(el);
  if (typeof el.animate !== 'function') return el.remove();
  const a = centre(from);
  const b = centre(to);
  const anim = reduced
    ? el.animate([{ opacity: 1 }, { opacity: 0 }], { duration: 250 })
    : el.animate(
        [
          { transform: 'translate(0, 0)', opacity: 1 },
          { transform: `translate(${b.x - a.x}px, ${b.y - a.y}px) scale(0.7)`, opacity: 0.2 },
        ],
        { duration: FLIGHT_MS + 80, easing: EASING },
      );
  anim.onfinish = () => el.remove();
  anim.oncancel = () => el.remove();
}

/** Animates what changed between the snapshot and the table as now drawn (same round only). */
export function land(root: HTMLElement, before: Snapshot, now: SeatView, reduced: boolean): void {
  // A new round, or a new game (its move count starts again, maybe at the same round number): a fresh deal.
  if (before.view.round !== now.round || now.moveCount < before.view.moveCount) return;
  root.querySelectorAll<HTMLElement>('[data-fly][data-card]').forEach((el) => {
    const card = el.dataset.card!;
    // Reduced motion fades in only a card that changed place (a play, a discard): not the rest of a
    // hand or palette that closed up around it.
    if (reduced && before.cards.has(card) && before.areas.get(card) === areaOf(el)) return;
    const from = before.cards.get(card) ?? originOf(card, el, before, now);
    if (from) fly(el, from, reduced);
  });
  if (!before.deck) return;
  now.handSizes.forEach((size, seat) => {
    const grew = size - (before.view.handSizes[seat] ?? size);
    const to = rectOf(root.querySelector(`[data-seat="${seat}"]`));
    if (seat === now.seat || grew <= 0 || !to) return;
    for (let i = 0; i < grew; i++) ghost(root.ownerDocument, before.deck!, to, reduced);
  });
}

/** Hooks the flights to a view: snapshot before each redraw, animate after it. */
export function useCardFlights(root: Ref<HTMLElement | null>, view: () => SeatView): void {
  let before: Snapshot | null = null;
  const motion =
    typeof window !== 'undefined' && window.matchMedia
      ? window.matchMedia('(prefers-reduced-motion: reduce)')
      : null;
  const stopPre = watch(
    view,
    (_now, old) => {
      before = root.value && old ? snapshot(root.value, old) : null;
    },
    { flush: 'pre' },
  );
  const stopPost = watch(
    view,
    (now) => {
      if (root.value && before) land(root.value, before, now, motion?.matches ?? false);
      before = null;
    },
    { flush: 'post' },
  );
  onBeforeUnmount(() => {
    stopPre();
    stopPost();
  });
}
