/** Streams the hand-over targets found on the LAN (hosts that take tables over now) to subscribed pages (page-feed.ts). */
import type { HandOverTarget, TargetEvent } from '../../shared/desktop-api';
import type { TargetBrowser, TargetBrowseOptions } from '../discovery/takeover';
import { createPageFeed, type PageFeed, type PageSink } from './page-feed';

export type BrowseTargets = (
  onEvent: (event: TargetEvent) => void,
  opts?: TargetBrowseOptions,
) => TargetBrowser;

export type TargetSink = PageSink<TargetEvent>;
export type TargetFeed = PageFeed<TargetEvent, HandOverTarget>;

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

export function createTargetFeed(browse: BrowseTargets, log?: (message: string) => void): TargetFeed {
  return createPageFeed(
    {
      label: 'hand-over targets',
      lookingFor: 'hosts',
      start(onEvent) {
        const browser = browse(onEvent);
        return { list: () => browser.targets(), stop: () => browser.stop() };
      },
      forPage: (event: TargetEvent): TargetEvent =>
        event.type === 'down' ? event : { type: event.type, target: copyTarget(event.target) },
      copy: copyTarget,
      up: (target) => ({ type: 'up', target }),
    },
    log,
  );
}
