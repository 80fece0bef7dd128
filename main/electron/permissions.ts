import type { Session } from 'electron';
import { isAppUrl } from './app-url';

/**
 * Reaching other computers on the LAN is the game itself: Chromium's Local Network Access asks for
 * these permissions before a page may open a WebSocket to a private address.
 */
const LAN_PERMISSIONS: ReadonlySet<string> = new Set([
  'local-network-access',
  'local-network',
  'loopback-network',
]);

/**
 * Only the app's own page may reach the LAN; nothing else is ever granted (no camera, microphone,
 * notifications, geolocation, USB, HID, serial, MIDI, fullscreen or clipboard).
 */
export function restrictPermissions(
  session: Pick<
    Session,
    'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'setDevicePermissionHandler'
  >,
): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(LAN_PERMISSIONS.has(permission) && isAppUrl(details?.requestingUrl)),
  );
  session.setPermissionCheckHandler(
    (_contents, permission, requestingOrigin) =>
      LAN_PERMISSIONS.has(permission) && isAppUrl(requestingOrigin),
  );
  session.setDevicePermissionHandler(() => false);
}
