import { wsUrl } from '../net/address';
import { GameClient } from '../net/client';
import { desktopBridge } from './desktop';
import type { Bridge } from './types';
import { defaultPort, webBridge } from './web';

export type { Bridge } from './types';

/** The desktop bridge inside Electron (the preload defined window.red7), the web one elsewhere. */
export function detectBridge(): Bridge {
  if (window.red7) return desktopBridge(window.red7);
  return webBridge({
    location: window.location,
    fetch: window.fetch.bind(window),
    storage: window.localStorage,
    lobbySocket: () =>
      new GameClient({
        url: wsUrl(
          { address: window.location.hostname, port: defaultPort(window.location) },
          window.location.protocol === 'https:',
        ),
        clientName: 'red7-lobby',
      }),
  });
}
