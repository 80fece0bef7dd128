import { join } from 'node:path';
import type { HandOverAsk, HandOverReport } from '../../../shared/protocol';
import type { TableStore } from '../store';
import { HandOverFiles } from './files';
import type { FrozenTables } from './frozen';
import { handOverHttp } from './http';
import { HandOverReceiver } from './receiver';
import type { HandOverRooms } from './rooms';
import { HandOverSender, type Peer } from './sender';

export interface HandOverDeps {
  dataDir: string;
  hostName: () => string;
  protocol: number;
  rooms: HandOverRooms;
  frozen: FrozenTables;
  /** The host's own store (not the frozen guard: the sender reads it whole). */
  store: TableStore;
  now: () => number;
  report: (problem: string) => void;
  /** HostLimits.handOverQuietMs: how long the tables' bundle may go without progress. */
  quietMs: number;
}

/** The hand-over's two sides, its HTTP requests and the host's API (docs/host.md "Handing the tables over"). */
export function startHandOver(deps: HandOverDeps) {
  const { rooms, report } = deps;
  const receiver = new HandOverReceiver(
    deps.hostName,
    deps.protocol,
    rooms,
    new HandOverFiles(join(deps.dataDir, 'hand-over-in')),
    deps.now,
    report,
  );
  const sender = new HandOverSender(
    deps.hostName,
    deps.protocol,
    rooms,
    deps.frozen,
    deps.store,
    new HandOverFiles(deps.dataDir),
    report,
    deps.quietMs,
  );
  receiver.recover();
  const listen = <T>(set: Set<(x: T) => void>, cb: (x: T) => void) => {
    set.add(cb);
    return () => void set.delete(cb);
  };
  const send = (to: Peer, code: string): Promise<HandOverReport> => sender.send(to, code);
  return {
    http: handOverHttp({
      receiver,
      ask: (to) => sender.ask(to),
      send,
      withdraw: (to) => sender.withdraw(to),
      now: deps.now,
    }),
    recoverSending: () => sender.recover(),
    stop: () => sender.stop(),
    api: {
      setReceiving: (on: boolean) => receiver.setReceiving(on),
      receiving: () => receiver.receiving(),
      onAsked: (cb: (ask: HandOverAsk) => void) => listen(receiver.listeners.asked, cb),
      onReceived: (cb: (r: { from: string; tables: number }) => void) =>
        listen(receiver.listeners.received, cb),
      ask: (to: Peer) => sender.ask(to),
      withdraw: (to?: Peer) => sender.withdraw(to),
      send,
    },
  };
}
