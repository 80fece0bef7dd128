/**
 * LAN discovery: hosts announce their tables by mDNS (`_red7._tcp`), lobbies browse for them.
 * Plain Node (never imports electron). See docs/discovery.md.
 */
export { createPublisher } from './publisher';
export { browseTables } from './browser';
export { syncAds, adOf } from './sync';
export { multicastAddresses } from './interfaces';
export {
  SERVICE_TYPE,
  SERVICE_DOMAIN,
  type TableAd,
  type TableState,
  type Publisher,
  type PublisherOptions,
  type DiscoveredTable,
  type BrowseEvent,
  type TableBrowser,
  type BrowseOptions,
} from './types';
export {
  createTargetAd,
  browseTargets,
  TAKEOVER_SERVICE_TYPE,
  TAKEOVER_DOMAIN,
  type TargetAd,
  type TargetAdOptions,
  type TargetBrowser,
  type TargetBrowseOptions,
} from './takeover';
