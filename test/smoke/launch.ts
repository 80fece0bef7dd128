import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { _electron, chromium, type BrowserContext, type Page } from 'playwright-core';

/** The app under test, started either way, seen through one page and its main process id. */
export interface LaunchedApp {
  target: 'dev' | 'packaged';
  context: BrowserContext;
  page: Page;
  pid: number;
  /** Resolves with the exit code when the main process ends. */
  exited: Promise<number | null>;
  /** Quits as a person does: app.quit() (the menu's Quit), or closing the app (SIGTERM / WM_CLOSE). */
  quit(): Promise<void>;
  /** Kills whatever is left (a failed test must not leave the app running). */
  kill(): void;
}

/** A profile of its own: userData (settings, the host's tables) never touches the runner's. */
function isolatedEnv(scratch: string): Record<string, string> {
  const dir = (name: string) => {
    const path = join(scratch, name);
    mkdirSync(path, { recursive: true });
    return path;
  };
  const inherited = Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined);
  return {
    ...Object.fromEntries(inherited),
    XDG_CONFIG_HOME: dir('config'),
    XDG_CACHE_HOME: dir('cache'),
    XDG_DATA_HOME: dir('data'),
    APPDATA: dir('appdata'),
    LOCALAPPDATA: dir('localappdata'),
    // The page's language is asserted on; the lobby texts are English.
    LANG: 'en_US.UTF-8',
    LC_ALL: 'en_US.UTF-8',
  };
}

function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** Closes the app the way its user does, where no app.quit() can be called from outside. */
function closeGracefully(pid: number): void {
  if (process.platform === 'win32') {
    // Without /F, taskkill asks the windows to close (WM_CLOSE): window-all-closed quits the app.
    spawn('taskkill', ['/PID', String(pid)], { stdio: 'ignore' });
  } else {
    process.kill(pid, 'SIGTERM'); // main/index.ts: SIGTERM → app.quit()
  }
}

/** `electron .` through Playwright's Electron support (its main-process hooks need the inspector). */
export async function launchDev(electron: string, appDir: string, scratch: string): Promise<LaunchedApp> {
  const app = await _electron.launch({
    executablePath: electron,
    args: [appDir, `--user-data-dir=${join(scratch, 'user-data')}`, '--lang=en-US'],
    env: isolatedEnv(scratch),
    timeout: 60_000,
  });
  const child = app.process();
  const exited = exitOf(child);
  return {
    target: 'dev',
    context: app.context(),
    page: await app.firstWindow(),
    pid: child.pid!,
    exited,
    quit: () => app.evaluate(({ app: electronApp }) => electronApp.quit()),
    kill: () => void child.kill('SIGKILL'),
  };
}

/**
 * The packaged app. Its fuses switch off --inspect, which Playwright's `_electron.launch` needs to
 * reach the main process, so it is started as a user would and driven over the Chrome DevTools
 * Protocol (--remote-debugging-port is a Chromium switch, not a Node one).
 */
export async function launchPackaged(executable: string, scratch: string): Promise<LaunchedApp> {
  const child = spawn(
    executable,
    [`--user-data-dir=${join(scratch, 'user-data')}`, '--remote-debugging-port=0', '--lang=en-US'],
    { env: isolatedEnv(scratch), stdio: ['ignore', 'inherit', 'pipe'] },
  );
  const exited = exitOf(child);
  const endpoint = await new Promise<string>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(
      () => reject(new Error(`no DevTools endpoint within 60 s; stderr:\n${seen}`)),
      60_000,
    );
    child.stderr!.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      process.stderr.write(text);
      seen += text;
      const m = /DevTools listening on (ws:\/\/\S+)/.exec(seen);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    void exited.then((code) =>
      reject(new Error(`the app exited (${code}) before it could be driven:\n${seen}`)),
    );
  });
  const browser = await chromium.connectOverCDP(endpoint);
  const context = browser.contexts()[0];
  const page =
    context.pages().find((p) => p.url().startsWith('app://')) ??
    (await context.waitForEvent('page', { timeout: 30_000 }));
  return {
    target: 'packaged',
    context,
    page,
    pid: child.pid!,
    exited,
    async quit() {
      closeGracefully(child.pid!);
    },
    kill: () => void child.kill('SIGKILL'),
  };
}
