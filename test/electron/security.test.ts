import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { APP_ENTRY_URL, isAppUrl } from '../../main/electron/app-url';
import { CONTENT_SECURITY_POLICY, enforceCsp, securityHeaders, withAppCsp } from '../../main/electron/csp';
import { isAllowedExternalUrl } from '../../main/electron/external-links';
import { isTrustedSender } from '../../main/electron/ipc-sender';
import { createMainWindow, mainWindowOptions } from '../../main/electron/main-window';
import { denyNewWindows, guardNavigation } from '../../main/electron/navigation';
import { restrictPermissions } from '../../main/electron/permissions';
import { secureWebPreferences } from '../../main/electron/web-preferences';
import { createElectronMock, FakeWebContents } from './electron-mock';

/** Parses "a x y; b z" into { a: ['x','y'], b: ['z'] }. */
function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp.split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

function navEvent(url: string) {
  return { url, preventDefault: vi.fn() };
}

describe('webPreferences', () => {
  it('isolates and sandboxes the renderer, without Node or <webview>', () => {
    const prefs = secureWebPreferences('/app/out/main/preload.cjs', { devTools: false });
    expect(prefs).toMatchObject({
      preload: '/app/out/main/preload.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      devTools: false,
    });
    expect(prefs).not.toHaveProperty('enableBlinkFeatures');
  });

  it('the main window is built with exactly those preferences and loads the app, not a file or remote URL', () => {
    const electron = createElectronMock();
    const BrowserWindow = electron.module.BrowserWindow as never;
    const save = vi.fn();
    const win = createMainWindow({
      BrowserWindow,
      preloadPath: '/p/preload.cjs',
      devTools: false,
      title: 'Red7 LAN',
      state: { x: 40, y: 50, width: 1000, height: 700, maximized: true },
      saveState: save,
    }) as unknown as (typeof electron.windows)[number];
    expect(win.options.webPreferences).toEqual(secureWebPreferences('/p/preload.cjs', { devTools: false }));
    expect(win.options).toMatchObject({ x: 40, y: 50, width: 1000, height: 700, show: false });
    expect(win.maximize).toHaveBeenCalled();
    expect(win.loadURL).toHaveBeenCalledWith(APP_ENTRY_URL);
    expect(APP_ENTRY_URL).toBe('app://red7/index.html');
    // Shown only when painted; its place is remembered when it closes.
    expect(win.show).not.toHaveBeenCalled();
    win.emit('ready-to-show');
    expect(win.show).toHaveBeenCalledOnce();
    win.emit('close');
    expect(save).toHaveBeenCalledWith({ x: 40, y: 50, width: 1000, height: 700, maximized: true });
  });

  it('a window without a saved place is centred', () => {
    const opts = mainWindowOptions({
      preloadPath: '/p',
      devTools: true,
      title: 't',
      state: { width: 900, height: 600, maximized: false },
    });
    expect(opts.center).toBe(true);
    expect(opts.x).toBeUndefined();
    expect(opts.webPreferences?.devTools).toBe(true);
  });
});

describe('Content-Security-Policy', () => {
  const csp = directives(CONTENT_SECURITY_POLICY);

  it('allows only the app itself to run code and load resources', () => {
    expect(csp['default-src']).toEqual(["'none'"]);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['frame-src']).toEqual(["'none'"]);
    expect(csp['base-uri']).toEqual(["'none'"]);
    expect(csp['form-action']).toEqual(["'none'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|wasm-unsafe-eval|\*/);
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
  });

  it("lets the page start workers from the app's own files only (the coach's search runs in one)", () => {
    expect(csp['worker-src']).toEqual(["'self'"]);
  });

  it('reaches the network only by WebSocket and HTTP (a LAN host), never https or other schemes', () => {
    expect(csp['connect-src']).toEqual(["'self'", 'ws:', 'http:']);
  });

  it('is sent as a header on every response, replacing any other CSP', () => {
    const session = { webRequest: { onHeadersReceived: vi.fn() } };
    enforceCsp(session as never);
    const listener = session.webRequest.onHeadersReceived.mock.calls[0][0] as (
      details: unknown,
      cb: (r: { responseHeaders: Record<string, string[]> }) => void,
    ) => void;
    const callback = vi.fn();
    listener(
      {
        url: 'http://10.0.0.5:47470/api/info',
        responseHeaders: {
          'content-security-policy': ['default-src *'],
          'Content-Type': ['application/json'],
        },
      },
      callback,
    );
    const headers = callback.mock.calls[0][0].responseHeaders;
    expect(headers['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY]);
    expect(headers['content-security-policy']).toBeUndefined();
    expect(headers['Content-Type']).toEqual(['application/json']);
    expect(withAppCsp(undefined)).toEqual({ 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] });
    expect(securityHeaders()).toMatchObject({ 'X-Content-Type-Options': 'nosniff' });
  });
});

describe('navigation and new windows', () => {
  it('lets the app move within app://red7 only', () => {
    const contents = new EventEmitter();
    const openExternal = vi.fn();
    guardNavigation(contents as never, openExternal);

    // A table's address is a hash (Chromium does not even ask for an in-page change; were it asked, it passes).
    for (const url of [
      'app://red7/index.html#/table/3',
      'app://red7/index.html#/table/Ab3x?host=10.0.0.5%3A47470',
    ]) {
      const inside = navEvent(url);
      contents.emit('will-navigate', inside, inside.url);
      expect(inside.preventDefault, url).not.toHaveBeenCalled();
    }

    for (const url of [
      'https://evil.example/',
      'http://192.168.1.20:47470/',
      'file:///etc/passwd',
      'app://red7.evil/index.html',
      'app://evil/index.html',
      'javascript:alert(1)',
      'not a url',
    ]) {
      const e = navEvent(url);
      contents.emit('will-navigate', e, url);
      expect(e.preventDefault, url).toHaveBeenCalled();
    }
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('sends an allow-listed link to the browser instead of navigating', () => {
    const contents = new EventEmitter();
    const openExternal = vi.fn();
    guardNavigation(contents as never, openExternal);
    const e = navEvent('https://asmadigames.com/red7');
    contents.emit('will-navigate', e, e.url);
    expect(e.preventDefault).toHaveBeenCalled();
    expect(openExternal).toHaveBeenCalledWith('https://asmadigames.com/red7');
  });

  it('blocks redirects out of the app and every <webview>', () => {
    const contents = new EventEmitter();
    guardNavigation(contents as never, vi.fn());
    const redirect = navEvent('https://evil.example/');
    contents.emit('will-redirect', redirect, redirect.url);
    expect(redirect.preventDefault).toHaveBeenCalled();
    const webview = { preventDefault: vi.fn() };
    contents.emit('will-attach-webview', webview, {}, {});
    expect(webview.preventDefault).toHaveBeenCalled();
  });

  it('denies every new window; only allow-listed https links open externally', () => {
    const contents = new FakeWebContents();
    const openExternal = vi.fn();
    denyNewWindows(contents as never, openExternal);
    const handler = contents.windowOpenHandler!;
    for (const url of [
      'app://red7/index.html',
      'https://evil.example/',
      'http://asmadigames.com/',
      'https://asmadigames.com.evil.example/',
    ]) {
      expect(handler({ url })).toEqual({ action: 'deny' });
    }
    expect(openExternal).not.toHaveBeenCalled();
    expect(handler({ url: 'https://www.asmadigames.com/red7.html' })).toEqual({ action: 'deny' });
    expect(openExternal).toHaveBeenCalledWith('https://www.asmadigames.com/red7.html');
  });

  it('the external allow-list is https on exact hosts', () => {
    expect(isAllowedExternalUrl('https://asmadigames.com/')).toBe(true);
    expect(isAllowedExternalUrl('https://user@asmadigames.com/')).toBe(false);
    expect(isAllowedExternalUrl('https://asmadigames.com:8443/')).toBe(false);
    expect(isAllowedExternalUrl('smb://asmadigames.com/')).toBe(false);
    expect(isAllowedExternalUrl('https://xasmadigames.com/')).toBe(false);
  });
});

describe('permissions', () => {
  const install = () => {
    const session = {
      setPermissionRequestHandler: vi.fn(),
      setPermissionCheckHandler: vi.fn(),
      setDevicePermissionHandler: vi.fn(),
    };
    restrictPermissions(session as never);
    return {
      request: (permission: string, requestingUrl: string) => {
        const callback = vi.fn();
        session.setPermissionRequestHandler.mock.calls[0][0]({}, permission, callback, { requestingUrl });
        return callback.mock.calls[0][0] as boolean;
      },
      check: (permission: string, origin: string) =>
        session.setPermissionCheckHandler.mock.calls[0][0]({}, permission, origin, {}) as boolean,
      device: session.setDevicePermissionHandler.mock.calls[0][0] as (d: unknown) => boolean,
    };
  };

  it('refuses every permission but LAN access, whoever asks', () => {
    const { request, check, device } = install();
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'fullscreen',
      'clipboard-read',
      'openExternal',
    ]) {
      expect(request(permission, 'app://red7/index.html'), permission).toBe(false);
      expect(check(permission, 'app://red7'), permission).toBe(false);
    }
    expect(device({ deviceType: 'usb' })).toBe(false);
  });

  it("grants local-network access to the app's own page only: joining a LAN table needs it", () => {
    const { request, check } = install();
    for (const permission of ['local-network-access', 'local-network', 'loopback-network']) {
      expect(request(permission, 'app://red7/index.html'), permission).toBe(true);
      expect(check(permission, 'app://red7'), permission).toBe(true);
      expect(request(permission, 'https://evil.example/'), permission).toBe(false);
      expect(request(permission, 'app://red7.evil/index.html'), permission).toBe(false);
      expect(check(permission, 'http://192.168.1.20:47470'), permission).toBe(false);
    }
  });
});

describe('the app origin and the IPC sender check', () => {
  it('recognises only the top frame of app://red7', () => {
    expect(isAppUrl('app://red7/index.html')).toBe(true);
    expect(isAppUrl('app://red7:81/index.html')).toBe(false);
    expect(isTrustedSender({ url: 'app://red7/index.html', parent: null })).toBe(true);
    expect(isTrustedSender({ url: 'app://red7/index.html', parent: {} })).toBe(false);
    expect(isTrustedSender({ url: 'https://red7/index.html', parent: null })).toBe(false);
    expect(isTrustedSender(null)).toBe(false);
  });
});
