import type { Session } from 'electron';
import { enforceCsp } from './csp';
import { restrictPermissions } from './permissions';

/** Session-wide rules: the CSP header on every response; no permission but LAN access for the app's page. */
export function secureSession(
  session: Pick<
    Session,
    'webRequest' | 'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'setDevicePermissionHandler'
  >,
): void {
  enforceCsp(session);
  restrictPermissions(session);
}
