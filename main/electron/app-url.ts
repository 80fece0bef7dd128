/**
 * The app's own origin. The renderer is served from the packaged files under a custom scheme
 * (never file://, never a remote URL), so "is this our page?" is one exact comparison.
 */
export const APP_SCHEME = 'app';
export const APP_HOST = 'red7';
export const APP_ENTRY_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/** True for URLs of the packaged renderer, e.g. `app://red7/index.html#/table`. */
export function isAppUrl(url: string | null | undefined): boolean {
  if (!url) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return (
    parsed.protocol === `${APP_SCHEME}:` &&
    parsed.hostname === APP_HOST &&
    parsed.port === '' &&
    parsed.username === '' &&
    parsed.password === ''
  );
}
