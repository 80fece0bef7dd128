/**
 * What main streams to the pages that subscribe to something found on the LAN (tables, hand-over
 * targets): browsing runs only while some page listens, a page that subscribes gets what is known first
 * (as `up`), a page that cannot be told no longer listens, and `find` is how main learns an item's
 * address, never from the page. Only the agreed fields cross to the renderer (`forPage`, `copy`).
 */
export interface PageSink<Out> {
  /** Unique per page (webContents.id): subscribing twice does not double the stream. */
  readonly id: number;
  send(event: Out): void;
}

export interface PageFeed<Out, Item> {
  subscribe(sink: PageSink<Out>): void;
  unsubscribe(id: number): void;
  /** An item listed now (while some page browses), by its key; null otherwise. */
  find(key: string): Item | null;
  /** Stops browsing (at quit). */
  stop(): Promise<void>;
}

export interface FeedSource<In, Out, Item> {
  /** Starts browsing; its events go to `onEvent`. */
  start(onEvent: (event: In) => void): { list(): Item[]; stop(): Promise<void> };
  /** Names the feed in log lines ("tables") and what it looks for in a refusal ("tables", "hosts"). */
  label: string;
  lookingFor: string;
  forPage(event: In): Out;
  copy(item: Item): Item;
  up(item: Item): Out;
}

export function createPageFeed<In, Out, Item extends { key: string }>(
  source: FeedSource<In, Out, Item>,
  log: (message: string) => void = (message) => console.warn(message),
): PageFeed<Out, Item> {
  const sinks = new Map<number, PageSink<Out>>();
  let browser: { list(): Item[]; stop(): Promise<void> } | null = null;
  let stopped: Promise<void> = Promise.resolve();

  const send = (sink: PageSink<Out>, event: Out) => {
    try {
      sink.send(event);
    } catch (error) {
      log(`${source.label}: a page could not be told (${String(error)}); it no longer listens`);
      sinks.delete(sink.id);
    }
  };
  const broadcast = (event: In) => {
    const out = source.forPage(event);
    for (const sink of [...sinks.values()]) send(sink, out);
  };
  const halt = () => {
    const b = browser;
    browser = null;
    if (b)
      stopped = b
        .stop()
        .catch((error) => log(`${source.label}: stopping the browser failed: ${String(error)}`));
    return stopped;
  };

  return {
    subscribe(sink) {
      if (sinks.has(sink.id)) return;
      sinks.set(sink.id, sink);
      if (browser) {
        for (const item of browser.list()) send(sink, source.up(source.copy(item)));
        return;
      }
      try {
        browser = source.start(broadcast);
      } catch (error) {
        sinks.delete(sink.id);
        throw new Error(`cannot look for ${source.lookingFor} on the network: ${(error as Error).message}`, {
          cause: error,
        });
      }
    },
    unsubscribe(id) {
      if (sinks.delete(id) && sinks.size === 0) void halt();
    },
    find(key) {
      const item = browser?.list().find((t) => t.key === key);
      return item ? source.copy(item) : null;
    },
    stop() {
      sinks.clear();
      return halt();
    },
  };
}
