import type { Session } from 'electron';

/**
 * The game needs no camera, microphone, notifications, geolocation, USB, HID, serial,
 * MIDI or fullscreen requests from the page: every request and check is refused.
 */
export function denyAllPermissions(
  session: Pick<
    Session,
    'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'setDevicePermissionHandler'
  >,
): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}
