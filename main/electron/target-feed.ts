/**
 * Streams the hand-over targets found on the LAN (hosts that take tables over now) to subscribed pages.
 * Browsing runs only while some page listens; a page that subscribes gets the targets known first, as `up`.
 * Like table-feed.ts, and `find` is how main learns a target's address: never from the page.
 */
import type { HandOverTarget, TargetEvent } from '../../shared/desktop-api';
import type { TargetBrowser, TargetBrowseOptions } from '../discovery/takeover';

export type BrowseTargets = (
  onEvent: (event: TargetEvent) => void,
  opts?: TargetBrowseOptions,
) => TargetBrowser;

export interface TargetSink {
  /** Unique per page (webContents.id). */
  readonly id: number;
  send(event: TargetEvent): void;
}

export interface TargetFeed {
  subscribe(sink: TargetSink): void;
  unsubscribe(id: number): void;
  /** A target listed now, by its key; null otherwise. */
  find(key: string): HandOverTarget | null;
  stop(): Promise<void>;
}

/** Only the agreed fields cross to the renderer. */
export function copyTarget(t: HandOverTarget): HandOverTarget {
  return {
    key: t.key,
    name: t.name,
    address: t.address,
    port: t.port,
    protocol: t.protocol,
    ...(t.appVersion ? { appVersion: t.appVersion } : {}),
  };
}

export function createTargetFeed(
  browse: BrowseTargets,
  log: (message: string) => void = (message) => console.warn(message),
): TargetFeed {
  const sinks = new Map<number, TargetSink>();
  let browser: TargetBrowser | null = null;

  const send = (sink: TargetSink, event: TargetEvent) => {
    try {
      sink.send(event);
    } catch (error) {
      log(`hand-over targets: a page could not be told (${String(error)}); it no longer listens`);
      sinks.delete(sink.id);
    }
  };
  const broadcast = (event: TargetEvent) => {
    const out: TargetEvent =
      event.type === 'down' ? event : { type: event.type, target: copyTarget(event.target) };
    for (const sink of [...sinks.values()]) send(sink, out);
  };
  const halt = async () => {
    const b = browser;
    browser = null;
    await b?.stop().catch((error) => log(`hand-over targets: stopping the browser failed: ${String(error)}`));
  };

  return {
    subscribe(sink) {
      if (sinks.has(sink.id)) return;
      sinks.set(sink.id, sink);
      if (browser) {
        for (const target of browser.targets()) send(sink, { type: 'up', target: copyTarget(target) });
        return;
      }
      try {
        browser = browse(broadcast);
      } catch (error) {
        sinks.delete(sink.id);
        throw new Error(`cannot look for hosts on the network: ${(error as Error).message}`, {
          cause: error,
        });
      }
    },
    unsubscribe(id) {
      if (sinks.delete(id) && sinks.size === 0) void halt();
    },
    find(key) {
      const target = browser?.targets().find((t) => t.key === key);
      return target ? copyTarget(target) : null;
    },
    stop() {
      sinks.clear();
      return halt();
    },
  };
}
