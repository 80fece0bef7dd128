import type { DesktopApi } from '../../shared/desktop-api';
import type { HostHandOver } from '../../main/electron/host-controller';

/** A desktop host that hands nothing over and finds no target: for fakes of the bridge in lobby tests. */
export const noHandOver: Pick<
  DesktopApi['host'],
  | 'handOverTargets'
  | 'askHandOver'
  | 'withdrawHandOver'
  | 'handOver'
  | 'receiveTables'
  | 'onHandOverAsked'
  | 'onTablesReceived'
> = {
  handOverTargets: () => () => undefined,
  askHandOver: async () => ({ ok: true, value: null }),
  withdrawHandOver: async () => undefined,
  handOver: async () => ({ ok: true, value: { to: '', moved: [], refused: [] } }),
  receiveTables: async () => undefined,
  onHandOverAsked: () => () => undefined,
  onTablesReceived: () => () => undefined,
};

/** A running host's hand-over that takes and gives nothing: for fakes of the host in Electron tests. */
export const idleHostHandOver: HostHandOver = {
  setReceiving: () => undefined,
  receiving: () => false,
  onAsked: () => () => undefined,
  onReceived: () => () => undefined,
  ask: async () => undefined,
  withdraw: async () => undefined,
  send: async () => ({ to: '', moved: [], refused: [] }),
};
