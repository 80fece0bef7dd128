import type { TurnNotice } from '../../../shared/desktop-api';

/** Two short rising notes (E5, A5), made on the spot: no audio file to ship or load. */
export function chime(ctx: BaseAudioContext, at = ctx.currentTime): void {
  [659.25, 880].forEach((freq, i) => {
    const start = at + i * 0.13;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = 'sine';
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.22, start + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.22);
    osc.connect(gain).connect(ctx.destination);
    osc.start(start);
    osc.stop(start + 0.24);
  });
}

/** What a turn cue reaches for; each part is optional, as devices differ. */
export interface CueOutlets {
  /** The sound switch of this device. */
  soundOn(): boolean;
  /** An audio context unlocked by a gesture earlier on (browsers refuse sound before one), or null. */
  audio(): AudioContext | null;
  /** navigator.vibrate where it exists (phones). */
  vibrate?: ((pattern: number[]) => boolean) | null;
  /** The desktop app's OS notification (it shows one only while its window is not focused). */
  notify?: ((notice: TurnNotice) => Promise<boolean>) | null;
}

/** It became this player's turn: a sound, a buzz and (in the desktop app, unfocused) a notification. */
export function cueTurn(outlets: CueOutlets, notice: TurnNotice): void {
  const ctx = outlets.soundOn() ? outlets.audio() : null;
  if (ctx) {
    if (ctx.state === 'suspended') void ctx.resume().catch(() => {});
    chime(ctx);
  }
  try {
    outlets.vibrate?.([140, 70, 140]);
  } catch {
    // Some browsers throw without a user gesture: the other cues still happen.
  }
  void outlets.notify?.(notice).catch(() => false);
}

/**
 * navigator.vibrate, but only once the player has touched the page: before any gesture Chromium refuses
 * it and logs an intervention (a reloaded tab whose turn comes before a tap). null where there is none.
 */
export function vibrationAfterGesture(nav: {
  vibrate?: (pattern: number[]) => boolean;
  userActivation?: { hasBeenActive: boolean };
}): ((pattern: number[]) => boolean) | null {
  if (typeof nav.vibrate !== 'function') return null;
  return (pattern) => (nav.userActivation?.hasBeenActive === false ? false : nav.vibrate!(pattern));
}

type AudioCtor = new () => AudioContext;

/**
 * One AudioContext for the page, created at the player's first tap or key press: browsers only let
 * a page make sound after a gesture, and the turn may come while nobody touches the screen.
 */
export function audioOnGesture(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> & {
    AudioContext?: AudioCtor;
    webkitAudioContext?: AudioCtor;
  },
): { get(): AudioContext | null; stop(): void } {
  let ctx: AudioContext | null = null;
  const events = ['pointerdown', 'keydown'] as const;
  const unlock = () => {
    const Ctor = target.AudioContext ?? target.webkitAudioContext;
    if (!ctx && Ctor) {
      try {
        ctx = new Ctor();
      } catch {
        ctx = null;
      }
    }
    if (ctx?.state === 'suspended') void ctx.resume().catch(() => {});
    stop();
  };
  const stop = () => events.forEach((e) => target.removeEventListener(e, unlock, true));
  events.forEach((e) => target.addEventListener(e, unlock, true));
  return { get: () => ctx, stop };
}

let page: ReturnType<typeof audioOnGesture> | null = null;
/** The page's one audio context (browsers cap how many a page may open). */
export function pageAudio(): ReturnType<typeof audioOnGesture> {
  return (page ??= audioOnGesture(window));
}
