import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createAppRequestHandler,
  registerAppScheme,
  resolveAppFile,
  serveAppProtocol,
} from '../../main/electron/app-protocol';
import { CONTENT_SECURITY_POLICY } from '../../main/electron/csp';

let root = '';
let handle: (request: Request) => Promise<Response>;

beforeAll(() => {
  const base = mkdtempSync(join(tmpdir(), 'red7-protocol-'));
  root = join(base, 'renderer');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Red7</title>');
  writeFileSync(join(root, 'assets', 'index-abc.js'), 'console.log(7)');
  writeFileSync(join(root, 'assets', 'index-abc.css'), 'body{}');
  writeFileSync(join(root, 'assets', 'coach.worker-abc.js'), 'onmessage = () => {}');
  writeFileSync(join(base, 'secret.txt'), 'outside the renderer');
  handle = createAppRequestHandler(root);
});

describe('app:// protocol', () => {
  it('is registered as a standard scheme, not a secure one (ws:// to LAN hosts would be mixed content), and served from the renderer folder', () => {
    const protocol = { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() };
    registerAppScheme(protocol);
    expect(protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      { scheme: 'app', privileges: expect.objectContaining({ standard: true }) },
    ]);
    expect(protocol.registerSchemesAsPrivileged.mock.calls[0][0][0].privileges.secure).toBeFalsy();
    serveAppProtocol(protocol, root);
    expect(protocol.handle).toHaveBeenCalledWith('app', expect.any(Function));
  });

  it('serves the page and its assets with the right type and the CSP header', async () => {
    const page = await handle(new Request('app://red7/'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(await page.text()).toContain('<title>Red7</title>');

    const script = await handle(new Request('app://red7/assets/index-abc.js'));
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toBe('console.log(7)');
    // A module worker must come as JavaScript, or Chromium refuses to start it.
    const worker = await handle(new Request('app://red7/assets/coach.worker-abc.js'));
    expect(worker.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(worker.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    const style = await handle(new Request('app://red7/assets/index-abc.css?v=1'));
    expect(style.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(style.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('never serves a file outside the renderer folder', async () => {
    for (const url of [
      'app://red7/../secret.txt',
      'app://red7/%2e%2e/secret.txt',
      'app://red7/assets/..%2f..%2fsecret.txt',
      'app://red7/assets/..%5c..%5csecret.txt',
      'app://red7/%00index.html',
    ]) {
      const response = await handle(new Request(url));
      expect(response.status, url).toBe(404);
      expect(await response.text(), url).not.toContain('outside');
      expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    }
    // The URL parser already folds `..` into the root; encoded separators are caught after decoding.
    expect(resolveAppFile(root, 'app://red7/../secret.txt')).toBe(join(root, 'secret.txt'));
    expect(resolveAppFile(root, 'app://red7/assets/..%2f..%2fsecret.txt')).toBeNull();
    expect(resolveAppFile(root, 'app://other/index.html')).toBeNull();
    expect(resolveAppFile(root, 'https://red7/index.html')).toBeNull();
    expect(resolveAppFile(root, 'app://red7/assets/index-abc.js')).toBe(join(root, 'assets', 'index-abc.js'));
  });

  it('answers 404 for a missing file or another host, and 405 for writes', async () => {
    expect((await handle(new Request('app://red7/nope.js'))).status).toBe(404);
    expect((await handle(new Request('app://red7/assets'))).status).toBe(404);
    expect((await handle(new Request('app://evil/index.html'))).status).toBe(404);
    expect((await handle(new Request('app://red7/index.html', { method: 'POST', body: 'x' }))).status).toBe(
      405,
    );
    const head = await handle(new Request('app://red7/index.html', { method: 'HEAD' }));
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });
});
