import { describe, expect, it } from 'vitest';
import { isAppUrl } from '../../main/electron/app-url';
import { isAllowedExternalUrl } from '../../main/electron/external-links';
import { strictUrl } from '../../main/electron/strict-url';

// The one strict parse behind "is this our page?" and "may the browser open this?".
describe('strictUrl', () => {
  const hosts = ['asmadigames.com'];

  it('gives back the URL when scheme and host are exactly allowed', () => {
    expect(strictUrl('https://asmadigames.com/red7/', 'https:', hosts)?.pathname).toBe('/red7/');
    expect(strictUrl('app://red7/index.html#/table', 'app:', ['red7'])?.hash).toBe('#/table');
  });

  it.each([
    ['another scheme', 'http://asmadigames.com/'],
    ['another host', 'https://asmadigames.com.evil.example/'],
    ['a user name hiding the real host', 'https://asmadigames.com@evil.example/'],
    ['credentials', 'https://ann:secret@asmadigames.com/'],
    ['a port', 'https://asmadigames.com:8443/'],
    ['no URL at all', 'asmadigames.com'],
    ['nothing', ''],
  ])('refuses %s', (_what, url) => {
    expect(strictUrl(url, 'https:', hosts)).toBeNull();
  });

  it('is what both checks use', () => {
    expect(isAppUrl('app://red7/index.html')).toBe(true);
    expect(isAppUrl('app://red7:1/index.html')).toBe(false);
    expect(isAppUrl(null)).toBe(false);
    expect(isAllowedExternalUrl('https://www.asmadigames.com/')).toBe(true);
    expect(isAllowedExternalUrl('https://u@www.asmadigames.com/')).toBe(false);
  });
});
