import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The rule ids the project's lint config reports for `code` as if it were the file at `path`. */
async function lint(path: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: ROOT });
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}/${path}` });
  return result.messages.map((m) => m.ruleId ?? m.message);
}

describe('the electron wall (lint)', () => {
  it('refuses loading electron outside the two entry points, by import, dynamic import or require', async () => {
    for (const path of [
      'main/host/room.ts',
      'main/electron/menu.ts',
      'renderer/src/x.ts',
      'test/x.test.ts',
    ]) {
      expect(await lint(path, "import { app } from 'electron';\nvoid app;\n")).toContain(
        '@typescript-eslint/no-restricted-imports',
      );
      expect(await lint(path, "export { shell } from 'electron';\n")).toContain(
        '@typescript-eslint/no-restricted-imports',
      );
      expect(await lint(path, "void import('electron');\n")).toContain('no-restricted-syntax');
      expect(await lint(path, "require('electron');\n")).toContain('no-restricted-syntax');
    }
  });

  it('allows type-only imports anywhere in main/, and value imports in main/index.ts and main/preload.ts', async () => {
    expect(
      await lint('main/electron/menu.ts', "import type { App } from 'electron';\nexport type A = App;\n"),
    ).toEqual([]);
    for (const path of ['main/index.ts', 'main/preload.ts']) {
      expect(await lint(path, "import { app } from 'electron';\nvoid app;\n")).toEqual([]);
    }
  });
});
