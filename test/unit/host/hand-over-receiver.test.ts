import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROTOCOL_VERSION, type HandOverAsk, type HandOverTable } from '../../../shared/protocol';
import { HandOverFiles } from '../../../main/host/hand-over/files';
import { HandOverReceiver } from '../../../main/host/hand-over/receiver';
import type { HandOverRooms } from '../../../main/host/hand-over/rooms';

// Every table passes the check but for its record's evening: this test is about the receiver's codes.
vi.mock('../../../main/host/hand-over/bundle', () => ({
  checkTable: (t: HandOverTable) => ({
    ok: true,
    stored: { record: { id: t.id }, log: [], logLinesInRecord: 0 },
    record: { id: t.id, evening: t.snapshot === 'evening' ? { id: 'e' } : undefined },
  }),
}));

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function receiver(rooms: Partial<HandOverRooms> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'red7-receiver-'));
  dirs.push(dir);
  const all: HandOverRooms = {
    ids: () => [],
    has: (id) => id === 'here1234',
    votesOf: () => null,
    holdsEvening: () => true,
    adopt: () => undefined,
    release: () => 0,
    thawed: () => undefined,
    dropEvening: () => undefined,
    ...rooms,
  };
  const r = new HandOverReceiver(
    () => 'Bo',
    PROTOCOL_VERSION,
    all,
    new HandOverFiles(dir),
    Date.now,
    () => {},
  );
  const codes: HandOverAsk[] = [];
  r.listeners.asked.add((a) => codes.push(a));
  return { r, codes };
}

const table = (id: string, snapshot = '') => ({ id, snapshot, log: [] });
const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return { status: (e as { status: number }).status, ...(e as { failure: object }).failure };
  }
  return 'not refused';
};

describe("the receiver's refusals carry their codes", () => {
  it('not receiving, another version, another host asking', () => {
    const { r } = receiver();
    expect(refusal(() => r.asked('Ann', PROTOCOL_VERSION, '10.0.0.1'))).toMatchObject({
      status: 403,
      code: 'notReceiving',
      name: 'Bo',
    });
    r.setReceiving(true);
    expect(refusal(() => r.asked('Ann', PROTOCOL_VERSION - 1, '10.0.0.1'))).toMatchObject({
      status: 409,
      code: 'version',
      name: 'Bo',
    });
    r.asked('Ann', PROTOCOL_VERSION, '10.0.0.1');
    expect(refusal(() => r.asked('Cy', PROTOCOL_VERSION, '10.0.0.2'))).toMatchObject({
      status: 409,
      code: 'askedByAnother',
      name: 'Bo',
      detail: expect.stringMatching(/another host/),
    });
  });

  it('a table already here, and an evening table where an evening is under way, with their codes', async () => {
    const { r, codes } = receiver();
    r.setReceiving(true);
    r.asked('Ann', PROTOCOL_VERSION, '10.0.0.1');
    const report = await r.prepare(
      {
        id: 'hand-over-1',
        code: codes[0].code,
        from: 'Ann',
        tables: [table('here1234'), table('heat1234', 'evening'), table('free1234')],
        evening: '{}',
      },
      '10.0.0.1',
    );
    expect(report).toEqual({
      to: 'Bo',
      moved: ['free1234'],
      refused: [
        { id: 'here1234', code: 'alreadyHere', reason: expect.any(String) },
        { id: 'heat1234', code: 'eveningHere', reason: expect.any(String) },
      ],
      evening: false,
    });
  });

  it('a commit of an unknown hand-over, an abort of a committed one', async () => {
    const { r, codes } = receiver({ holdsEvening: () => false });
    expect(refusal(() => r.commit('nowhere-1'))).toMatchObject({ status: 404, code: 'unknownHandOver' });
    r.setReceiving(true);
    r.asked('Ann', PROTOCOL_VERSION, '10.0.0.1');
    await r.prepare(
      { id: 'hand-over-2', code: codes[0].code, from: 'Ann', tables: [table('free1234')], evening: null },
      '10.0.0.1',
    );
    r.commit('hand-over-2');
    expect(refusal(() => r.abort('hand-over-2'))).toMatchObject({ status: 409, code: 'committed' });
  });
});
