/**
 * Updates from the project's releases (electron-updater, `publish` in electron-builder.yml): checked once at
 * start, never forced. Nothing downloads until the person asks in the lobby, and nothing installs while a game
 * is on: not while this machine's host holds a table in play, nor while a page shows a game. Off when the app
 * is not packaged (development, tests) and when the updater cannot be loaded. Electron-free: the updater is
 * passed in as the small slice of electron-updater's AppUpdater used here.
 */
import type { UpdateStatus } from '../../shared/desktop-api';

/** The slice of electron-updater's `autoUpdater` (AppUpdater) this module uses. */
export interface Updater {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  checkForUpdates(): Promise<{ updateInfo: { version: string } } | null>;
  downloadUpdate(): Promise<unknown>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
  on(event: 'download-progress', listener: (progress: { percent: number }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

export interface UpdatesDeps {
  /** `app.isPackaged`: a development run never looks for updates. */
  packaged: boolean;
  /** This app's version (`app.getVersion()`). */
  version: string;
  /** electron-updater's autoUpdater; null when it cannot be loaded (then updates are off). */
  updater(): Updater | null;
  /** Why not now, when a game is on (this host holds a table in play, a page shows a game); null when free. */
  busy(): string | null;
  log?(message: string): void;
}

export interface Updates {
  /** Looks once, at start; resolves whatever the network says (an offline party is no error). */
  checkAtStart(): Promise<void>;
  status(): UpdateStatus;
  /** Downloads the update found; rejects when there is none. */
  download(): Promise<void>;
  /** Restarts into the downloaded update; rejects while a game is on or before the download. */
  install(): void;
}

/** A newer version than ours (x.y.z, a pre-release below its release). */
export function isNewer(candidate: string, current: string): boolean {
  const parse = (v: string) => {
    const m = /^(\d+)\.(\d+)\.(\d+)(-.+)?$/.exec(v);
    return m ? { nums: [Number(m[1]), Number(m[2]), Number(m[3])], pre: m[4] ?? null } : null;
  };
  const a = parse(candidate);
  const b = parse(current);
  if (!a || !b) return false;
  for (let i = 0; i < 3; i++) if (a.nums[i] !== b.nums[i]) return a.nums[i] > b.nums[i];
  return a.pre === null && b.pre !== null;
}

export function createUpdates(deps: UpdatesDeps): Updates {
  const log = deps.log ?? ((message: string) => console.warn(message));
  let state: UpdateStatus = { state: 'off' };
  let updater: Updater | null = null;

  if (deps.packaged) {
    try {
      updater = deps.updater();
    } catch (error) {
      log(`updates: off, the updater could not be loaded (${String(error)})`);
    }
  }
  if (updater) {
    // Never forced: nothing downloads by itself, nothing installs at quit unasked.
    updater.autoDownload = false;
    updater.autoInstallOnAppQuit = false;
    updater.on('download-progress', (p) => {
      if (state.state === 'downloading') state = { ...state, percent: Math.round(p.percent) };
    });
    updater.on('error', (error) => log(`updates: ${error.message}`));
    state = { state: 'idle' };
  }

  return {
    async checkAtStart() {
      if (!updater || state.state !== 'idle') return;
      state = { state: 'checking' };
      try {
        const found = await updater.checkForUpdates();
        const version = found?.updateInfo.version;
        state =
          version && isNewer(version, deps.version) ? { state: 'available', version } : { state: 'current' };
      } catch (error) {
        // No internet at the party, or no release yet: the app simply stays as it is.
        log(`updates: could not check (${(error as Error).message})`);
        state = { state: 'unreachable' };
      }
    },

    status: () => ({ ...state }),

    async download() {
      if (!updater || state.state !== 'available')
        throw new Error('app.downloadUpdate: there is no update to download');
      const version = state.version;
      state = { state: 'downloading', version, percent: 0 };
      try {
        await updater.downloadUpdate();
        state = { state: 'ready', version };
      } catch (error) {
        state = { state: 'available', version };
        throw new Error(`app.downloadUpdate: ${(error as Error).message}`, { cause: error });
      }
    },

    install() {
      if (!updater || state.state !== 'ready') throw new Error('app.installUpdate: no update is downloaded');
      const why = deps.busy();
      if (why) throw new Error(`app.installUpdate: not now, ${why}`);
      updater.quitAndInstall(false, true);
    },
  };
}
