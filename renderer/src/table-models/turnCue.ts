import type { TurnNotice } from '../../../shared/desktop-api';

/** A short tune: each note starts `gapS` after the one before, swells to `peak` and fades over `lengthS`. */
export interface Notes {
  freqs: readonly number[];
  wave: OscillatorType;
  gapS: number;
  peak: number;
  attackS: number;
  lengthS: number;
}

/** Plays `tune`, made on the spot: no audio file to ship or load. */
export function playNotes(ctx: BaseAudioContext, tune: Notes, at = ctx.currentTime): void {
  tune.freqs.forEach((freq, i) => {
    const start = at + i * tune.gapS;
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = tune.wave;
    osc.frequency.value = freq;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(tune.peak, start + tune.attackS);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + tune.lengthS);
    osc.connect(gain).connect(ctx.destination);
    osc.start(start);
    osc.stop(start + tune.lengthS + 0.02);
  });
}

/** Two short rising notes (E5, A5). */
const TURN_CHIME: Notes = {
  freqs: [659.25, 880],
  wave: 'sine',
  gapS: 0.13,
  peak: 0.22,
  attackS: 0.015,
  lengthS: 0.22,
};

export function chime(ctx: BaseAudioContext, at = ctx.currentTime): void {
  playNotes(ctx, TURN_CHIME, at);
}

/** What a turn cue reaches for; each part is optional, as devices differ. */
export interface CueOutlets {
  /** The sound switch of this device. */
  soundOn(): boolean;
  /** An audio context unlocked by a gesture earlier on (browsers refuse sound before one), awake, or null. */
  audio(): AudioContext | null;
  /** navigator.vibrate where it exists (phones). */
  vibrate?: ((pattern: number[]) => boolean) | null;
  /** The desktop app's OS notification (it shows one only while its window is not focused). */
  notify?: ((notice: TurnNotice) => Promise<boolean>) | null;
}

/** It became this player's turn: a sound, a buzz and (in the desktop app, unfocused) a notification. */
export function cueTurn(outlets: CueOutlets, notice: TurnNotice): void {
  const ctx = outlets.soundOn() ? outlets.audio() : null;
  if (ctx) chime(ctx);
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
 * How long the page's audio stays awake after its last sound. A running AudioContext keeps an audio thread
 * rendering silence: in Chromium about 20 ms of CPU a second per page, a phone's battery through a whole
 * evening (docs/measurements.md). Asleep between cues, it wakes in milliseconds: a tune is scheduled on
 * its clock, which stands still until it runs. (Howler's autoSuspend does the same after 30 s, on iOS too.)
 */
export const AUDIO_SLEEPS_AFTER_MS = 5_000;

/**
 * One AudioContext for the page, created at the player's first tap or key press: browsers only let
 * a page make sound after a gesture, and the turn may come while nobody touches the screen. `wake()`
 * gives it running, for a sound now (null before that gesture); it goes back to sleep
 * AUDIO_SLEEPS_AFTER_MS after the last wake.
 */
export function audioOnGesture(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> & {
    AudioContext?: AudioCtor;
    webkitAudioContext?: AudioCtor;
  },
  sleepsAfterMs = AUDIO_SLEEPS_AFTER_MS,
): { wake(): AudioContext | null; stop(): void } {
  let ctx: AudioContext | null = null;
  let sleep: ReturnType<typeof setTimeout> | undefined;
  const events = ['pointerdown', 'keydown'] as const;
  const wake = (): AudioContext | null => {
    if (!ctx || ctx.state === 'closed') return null;
    // Not awake: 'suspended', iOS's 'interrupted' (a call, another app's sound), or put to sleep a moment ago
    // (still 'running' until its suspend() settles; a resume() after it wins).
    if (ctx.state !== 'running' || sleep === undefined) void ctx.resume().catch(() => {});
    clearTimeout(sleep);
    const awake = ctx;
    sleep = setTimeout(() => {
      sleep = undefined;
      void awake.suspend().catch(() => {});
    }, sleepsAfterMs);
    return ctx;
  };
  const unlock = () => {
    const Ctor = target.AudioContext ?? target.webkitAudioContext;
    if (!ctx && Ctor) {
      try {
        ctx = new Ctor();
      } catch {
        ctx = null;
      }
    }
    // Started within the gesture (what unlocks it), then asleep like after any sound.
    wake();
    stop();
  };
  const stop = () => events.forEach((e) => target.removeEventListener(e, unlock, true));
  events.forEach((e) => target.addEventListener(e, unlock, true));
  return { wake, stop };
}

let page: ReturnType<typeof audioOnGesture> | null = null;
/** The page's one audio context (browsers cap how many a page may open). */
export function pageAudio(): ReturnType<typeof audioOnGesture> {
  return (page ??= audioOnGesture(window));
}
