import type { Session } from 'electron';
import { enforceCsp } from './csp';
import { denyAllPermissions } from './permissions';

/** Session-wide rules: the CSP header on every response, every permission refused. */
export function secureSession(
  session: Pick<
    Session,
    'webRequest' | 'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'setDevicePermissionHandler'
  >,
): void {
  enforceCsp(session);
  denyAllPermissions(session);
}
