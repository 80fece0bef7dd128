import { describe, expect, it } from 'vitest';
import { isLoopbackPage } from '../../renderer/src/net/loopback';

describe("the operator's hand-over on the host's own page", () => {
  it('is offered only on a page opened on the host computer itself (a loopback name)', () => {
    for (const name of ['127.0.0.1', 'localhost', 'LOCALHOST', '[::1]'])
      expect(isLoopbackPage(name), name).toBe(true);
    for (const name of [
      '192.168.1.20',
      'red7.local',
      '127.0.0.1.evil.example',
      'localhost.example',
      '',
      '[fe80::1]',
    ])
      expect(isLoopbackPage(name), name).toBe(false);
  });
});
