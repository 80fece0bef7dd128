import { desktopBridge } from './desktop';
import type { Bridge } from './types';
import { webBridge } from './web';

export type { Bridge } from './types';

/** The desktop bridge inside Electron (the preload defined window.red7), the web one elsewhere. */
export function detectBridge(): Bridge {
  if (window.red7) return desktopBridge(window.red7);
  return webBridge({
    location: window.location,
    fetch: window.fetch.bind(window),
    storage: window.localStorage,
  });
}
