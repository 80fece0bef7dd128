import { onBeforeUnmount, onMounted, type Ref } from 'vue';

/** Halvings between the floor and the design's size: 1/64 of that range, finer than a pixel of type. */
const STEPS = 6;

/**
 * A TV does not scroll: when the room screen runs past the bottom or the right edge of the window (a 720p TV,
 * three tables and an evening, long names), its type, and with it everything sized in em, is made smaller until the page fits,
 * down to `floor` of the design's size; when there is room again it grows back, never past the design's. The
 * scale is `--fit` on `screen`, found by halving (a few layouts each time the screen or its `body` changes
 * size, or the window does). The screen grows with what it shows but is at least the window's height, so only
 * `body` says when there is room again.
 */
export function useFitToScreen(
  screen: Ref<HTMLElement | null>,
  body: Ref<HTMLElement | null>,
  floor = 0.7,
): void {
  // Past the right edge too: names are kept on one line, and a long one can be wider than its column.
  const overflows = () => {
    const page = document.documentElement;
    return page.scrollHeight > window.innerHeight || page.scrollWidth > page.clientWidth;
  };
  function fit(): void {
    const el = screen.value;
    if (!el) return;
    const set = (scale: number) => el.style.setProperty('--fit', String(scale));
    set(1);
    if (!overflows()) return;
    let fits = floor;
    let over = 1;
    for (let i = 0; i < STEPS; i++) {
      const mid = (fits + over) / 2;
      set(mid);
      if (overflows()) over = mid;
      else fits = mid;
    }
    // Even the floor may not fit (sixteen tables on a small screen): the page then scrolls, at the floor.
    set(fits);
  }
  // Setting the scale resizes `body` too, but it ends at the size it had: the observer is not called again.
  let observer: ResizeObserver | undefined;
  onMounted(() => {
    if (typeof ResizeObserver !== 'undefined' && screen.value && body.value) {
      observer = new ResizeObserver(fit);
      observer.observe(screen.value);
      observer.observe(body.value);
    }
    window.addEventListener('resize', fit);
    void document.fonts?.ready.then(fit);
  });
  onBeforeUnmount(() => {
    observer?.disconnect();
    window.removeEventListener('resize', fit);
  });
}
