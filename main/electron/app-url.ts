import { strictUrl } from './strict-url';

/**
 * The app's own origin. The renderer is served from the packaged files under a custom scheme
 * (never file://, never a remote URL), so "is this our page?" is one exact comparison.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'red7';
export const APP_ENTRY_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/** True for URLs of the packaged renderer, e.g. `app://red7/index.html#/table`. */
export function isAppUrl(url: string | null | undefined): boolean {
  return strictUrl(url, `${APP_SCHEME}:`, [APP_HOST]) !== null;
}
