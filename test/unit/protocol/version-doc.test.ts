import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../../shared/protocol';

// docs/protocol.md is what a peer's author reads: the version it names is the one the code speaks.
const doc = readFileSync(fileURLToPath(new URL('../../../docs/protocol.md', import.meta.url)), 'utf8');

describe('docs/protocol.md names the protocol version the code speaks', () => {
  it('in its title', () => {
    expect(/^# .*\(version (\d+)\)$/m.exec(doc)?.[1]).toBe(String(PROTOCOL_VERSION));
  });

  it('where versioning is explained', () => {
    expect(/`PROTOCOL_VERSION` \(now \*\*(\d+)\*\*\)/.exec(doc)?.[1]).toBe(String(PROTOCOL_VERSION));
  });

  it('as the last row of the table of versions', () => {
    const table = doc.slice(doc.indexOf('| version |')).split('\n\n')[0];
    const rows = [...table.matchAll(/^\| (\d+) +\|/gm)].map((m) => Number(m[1]));
    expect(rows).toEqual(Array.from({ length: PROTOCOL_VERSION }, (_, i) => i + 1));
  });

  it('in every welcome it shows', () => {
    const welcomes = [...doc.matchAll(/"type":"welcome","protocol":(\d+)/g)].map((m) => Number(m[1]));
    expect(welcomes.length).toBeGreaterThan(0);
    expect(new Set(welcomes)).toEqual(new Set([PROTOCOL_VERSION]));
  });
});
