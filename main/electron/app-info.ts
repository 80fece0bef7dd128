import type { App } from 'electron';
import type { AppInfo } from '../../shared/desktop-api';

export function collectAppInfo(
  app: Pick<App, 'getName' | 'getVersion' | 'getLocale' | 'isPackaged'>,
  dataFolder: string,
  proc: Pick<NodeJS.Process, 'platform' | 'versions'> = process,
): AppInfo {
  return {
    name: app.getName(),
    version: app.getVersion(),
    platform: proc.platform,
    versions: {
      electron: proc.versions.electron ?? '',
      chrome: proc.versions.chrome ?? '',
      node: proc.versions.node,
    },
    locale: app.getLocale(),
    packaged: app.isPackaged,
    dataFolder,
  };
}
