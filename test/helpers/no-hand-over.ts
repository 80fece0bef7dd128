import type { DesktopApi } from '../../shared/desktop-api';

/** A desktop host that hands nothing over and finds no target: for fakes of the bridge in lobby tests. */
export const noHandOver: Pick<
  DesktopApi['host'],
  'handOverTargets' | 'askHandOver' | 'handOver' | 'receiveTables' | 'onHandOverAsked' | 'onTablesReceived'
> = {
  handOverTargets: () => () => undefined,
  askHandOver: async () => undefined,
  handOver: async () => ({ to: '', moved: [], refused: [] }),
  receiveTables: async () => undefined,
  onHandOverAsked: () => () => undefined,
  onTablesReceived: () => () => undefined,
};
