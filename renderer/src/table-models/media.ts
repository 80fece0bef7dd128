import { onBeforeUnmount, ref, type Ref } from 'vue';

/** Phones in portrait (and narrow windows): opponents fold into rows, the table packs tight. */
export const NARROW = '(max-width: 47.99rem)';

/** Whether a CSS media query matches now, kept up to date while the component lives. */
export function useMedia(query: string): Ref<boolean> {
  const list = typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(query) : null;
  const matches = ref(list?.matches ?? false);
  if (list) {
    const onChange = (e: MediaQueryListEvent) => (matches.value = e.matches);
    list.addEventListener('change', onChange);
    onBeforeUnmount(() => list.removeEventListener('change', onChange));
  }
  return matches;
}
