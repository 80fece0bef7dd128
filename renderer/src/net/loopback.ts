const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/**
 * Is the page opened on the host's own computer (its loopback name), where its operator sits? There the
 * lobby offers to hand the host's tables over (stores/operatorHandOver.ts, loaded only when asked for).
 */
export function isLoopbackPage(hostname: string): boolean {
  return LOOPBACK_NAMES.has(hostname.toLowerCase());
}
