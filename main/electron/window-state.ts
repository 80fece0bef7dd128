/**
 * The main window's remembered size and position (userData/window-state.json). A saved place
 * that no longer fits any display (a monitor was unplugged) falls back to a centred window.
 */
import { readFileSync } from 'node:fs';
import { writeFileAtomicSync } from '../common/atomic-write';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState {
  /** Absent: let the system centre the window. */
  x?: number;
  y?: number;
  width: number;
  height: number;
  maximized: boolean;
}

export const DEFAULT_WINDOW: WindowState = { width: 1280, height: 800, maximized: false };
export const MIN_WINDOW = { width: 800, height: 560 };
/** How much of the title bar area must be on a display for the place to count as visible. */
const MIN_VISIBLE = 64;

const isInt = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n);

export function parseWindowState(data: unknown): WindowState {
  if (typeof data !== 'object' || data === null) return { ...DEFAULT_WINDOW };
  const d = data as Record<string, unknown>;
  if (!isInt(d.width) || !isInt(d.height) || d.width <= 0 || d.height <= 0) return { ...DEFAULT_WINDOW };
  const state: WindowState = { width: d.width, height: d.height, maximized: d.maximized === true };
  if (isInt(d.x) && isInt(d.y)) {
    state.x = d.x;
    state.y = d.y;
  }
  return state;
}

export function loadWindowState(file: string): WindowState {
  try {
    return parseWindowState(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return { ...DEFAULT_WINDOW };
  }
}

export function saveWindowState(file: string, state: WindowState): void {
  writeFileAtomicSync(file, `${JSON.stringify(state)}\n`, { makeFolder: true });
}

function overlap(a: Rect, b: Rect): Rect {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  return {
    x,
    y,
    width: Math.min(a.x + a.width, b.x + b.width) - x,
    height: Math.min(a.y + a.height, b.y + b.height) - y,
  };
}

/** Keeps the window within the displays: size clamped to the largest work area, place kept only if its top is reachable. */
export function fitWindowState(state: WindowState, workAreas: Rect[]): WindowState {
  if (workAreas.length === 0) return state;
  const largest = workAreas.reduce((a, b) => (a.width * a.height >= b.width * b.height ? a : b));
  const width = Math.max(MIN_WINDOW.width, Math.min(state.width, largest.width));
  const height = Math.max(MIN_WINDOW.height, Math.min(state.height, largest.height));
  const fitted: WindowState = { width, height, maximized: state.maximized };
  if (state.x === undefined || state.y === undefined) return fitted;
  const titleBar: Rect = { x: state.x, y: state.y, width, height: Math.min(height, 32) };
  const visible = workAreas.some((area) => {
    const o = overlap(titleBar, area);
    return o.width >= MIN_VISIBLE && o.height > 0;
  });
  return visible ? { ...fitted, x: state.x, y: state.y } : fitted;
}
