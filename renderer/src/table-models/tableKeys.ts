import { onBeforeUnmount, onMounted } from 'vue';
import type { Turn } from './turn';

/**
 * The table's keys, while the screen is up: 1 to 9 select a hand card, P plays, D discards, E ends the
 * turn, Esc steps back, Backspace undoes, Enter confirms (on a button it presses that button). None while
 * typing, in a dialog, or with a modifier held.
 */
export function useTableKeys(turn: Turn, selectAt: (index: number) => void): void {
  function onKey(e: KeyboardEvent): void {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
    const target = e.target instanceof Element ? e.target : null;
    if (target?.closest('input, select, textarea') || document.querySelector('[aria-modal="true"]')) return;
    const key = e.key.toLowerCase();
    if (/^[1-9]$/.test(key)) selectAt(Number(key) - 1);
    else if (key === 'p') turn.play();
    else if (key === 'd') turn.discard();
    else if (key === 'e') turn.end();
    else if (key === 'escape') turn.escape();
    else if (key === 'backspace') turn.undo();
    else if (key === 'enter' && !target?.closest('button, a, [role="button"], summary')) turn.confirm();
    else return;
    e.preventDefault();
  }
  onMounted(() => window.addEventListener('keydown', onKey));
  onBeforeUnmount(() => window.removeEventListener('keydown', onKey));
}
