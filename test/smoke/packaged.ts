import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The executable electron-builder leaves in its output folder for this machine's platform and
 * architecture (`--dir`, or the unpacked app every installer build leaves beside the installer).
 * Names follow electron-builder.yml: productName "Red7 LAN", Linux executableName "red7-lan".
 */
export function packagedExecutable(outDir: string, platform: string, arch: string): string | null {
  const suffix = arch === 'x64' ? '' : `-${arch}`;
  const candidates: Record<string, string> = {
    linux: join(outDir, `linux${suffix}-unpacked`, 'red7-lan'),
    win32: join(outDir, `win${suffix}-unpacked`, 'Red7 LAN.exe'),
    darwin: join(outDir, `mac${suffix}`, 'Red7 LAN.app', 'Contents', 'MacOS', 'Red7 LAN'),
  };
  const path = candidates[platform];
  return path && existsSync(path) ? path : null;
}
