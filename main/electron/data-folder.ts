import { mkdir } from 'node:fs/promises';
import type { Shell } from 'electron';

/**
 * Opens the host's data folder in the file manager (Explorer, Finder, the desktop's own). It is
 * created first: a person who never hosted still gets a folder, not an error. shell.openPath
 * answers with an error text instead of rejecting; that text becomes the rejection.
 */
export async function openDataFolder(shell: Pick<Shell, 'openPath'>, folder: string): Promise<void> {
  try {
    await mkdir(folder, { recursive: true });
  } catch (e) {
    throw new Error(
      `cannot create ${folder} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`,
      {
        cause: e,
      },
    );
  }
  const problem = await shell.openPath(folder);
  if (problem) throw new Error(`cannot open ${folder}: ${problem}`);
}
