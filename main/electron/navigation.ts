import type { WebContents } from 'electron';
import { isAppUrl } from './app-url';
import { isAllowedExternalUrl } from './external-links';

type OpenExternal = (url: string) => void;

/**
 * The window never leaves the app: navigation and redirects outside app://red7 are cancelled
 * (an allow-listed link opens in the browser instead), and no <webview> may be attached.
 */
export function guardNavigation(contents: Pick<WebContents, 'on'>, openExternal: OpenExternal): void {
  contents.on('will-navigate', (event, url) => {
    const target = event.url ?? url;
    if (isAppUrl(target)) return;
    event.preventDefault();
    if (isAllowedExternalUrl(target)) openExternal(target);
  });
  contents.on('will-redirect', (event, url) => {
    if (!isAppUrl(event.url ?? url)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** window.open and target=_blank never create a window; allow-listed links go to the browser. */
export function denyNewWindows(
  contents: Pick<WebContents, 'setWindowOpenHandler'>,
  openExternal: OpenExternal,
): void {
  contents.setWindowOpenHandler(({ url }) => {
    if (isAllowedExternalUrl(url)) openExternal(url);
    return { action: 'deny' };
  });
}
