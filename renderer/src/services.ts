import type { Bridge } from './bridge';
import { GameClient, type ClientOptions } from './net/client';

/**
 * What the stores need from the outside world, set once at start-up (main.ts) and replaced by
 * tests: the bridge, a way to open a host connection, and the two web storages.
 */
export interface Services {
  bridge: Bridge;
  createClient(url: string): GameClient;
  /** Per tab: the table this tab sits at survives a reload. */
  session: Storage;
  /** Per browser profile: seat tokens by table, for rejoining after closing the tab. */
  local: Storage;
  /** Same-origin ws URL when the page was served by a host (web), else null. */
  originWsUrl: string | null;
  /** The page's address bar and history (absent in tests that do not route). */
  nav?: Navigation;
}

/** The slice of `location` and `history` the route store uses: the hash, pushed or replaced. */
export interface Navigation {
  current(): string;
  /** This history entry was pushed by the app (its state says so; it survives a reload). */
  pushedHere(): boolean;
  push(hash: string): void;
  replace(hash: string): void;
  /** Calls `cb` when the hash changes by Back, Forward or a typed address (never for push/replace). */
  listen(cb: () => void): () => void;
  /** Loads another page (a table that moved to another host: that host's own page). */
  load?(url: string): void;
}

/** The window's own: pushState/replaceState change the hash without a hashchange event. */
export function windowNavigation(win: Window): Navigation {
  return {
    current: () => win.location.hash,
    pushedHere: () => (win.history.state as { red7?: boolean } | null)?.red7 === true,
    push: (hash) => win.history.pushState({ red7: true }, '', hash),
    replace: (hash) => win.history.replaceState(null, '', hash),
    load: (url) => win.location.assign(url),
    listen(cb) {
      win.addEventListener('hashchange', cb);
      return () => win.removeEventListener('hashchange', cb);
    },
  };
}

let current: Services | null = null;

export function setServices(services: Services): void {
  current = services;
}

export function services(): Services {
  if (!current) throw new Error('services not set: call setServices() before using a store');
  return current;
}

export function defaultClientFactory(extra: Partial<ClientOptions> = {}): (url: string) => GameClient {
  return (url) => new GameClient({ url, clientName: 'red7-renderer', ...extra });
}
