import type { DesktopApi } from '../../../shared/desktop-api';
import type { Bridge } from './types';

declare global {
  interface Window {
    red7?: DesktopApi;
  }
}

export function desktopBridge(api: DesktopApi): Bridge {
  return { kind: 'desktop', api, origin: null };
}
