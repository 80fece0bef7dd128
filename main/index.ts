/**
 * The Electron main process, kept thin: it wires Electron's objects into the small modules of
 * main/electron/ (each one concern, tested without Electron) and runs the app's lifecycle.
 */
import { app, BrowserWindow, ipcMain, Menu, Notification, protocol, screen, session, shell } from 'electron';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { browseTables, createPublisher, syncAds } from './discovery';
import { startHost } from './host';
import { collectAppInfo } from './electron/app-info';
import { registerAppScheme, serveAppProtocol } from './electron/app-protocol';
import { openDataFolder } from './electron/data-folder';
import { createIpcHandlers } from './electron/desktop-services';
import { isAllowedExternalUrl } from './electron/external-links';
import { createHostController } from './electron/host-controller';
import { registerIpcHandlers } from './electron/ipc-handlers';
import { createMainWindow } from './electron/main-window';
import { buildMenuTemplate } from './electron/menu';
import { denyNewWindows, guardNavigation } from './electron/navigation';
import { installQuitSequence } from './electron/quit-sequence';
import { secureSession } from './electron/session-security';
import { openSettingsStore } from './electron/settings-store';
import { claimSingleInstance } from './electron/single-instance';
import { createTableFeed } from './electron/table-feed';
import { createTurnNotifier } from './electron/turn-notifier';
import { fitWindowState, loadWindowState, saveWindowState } from './electron/window-state';

const RENDERER_DIR = join(__dirname, '../renderer');
const PRELOAD = join(__dirname, 'preload.cjs');

let mainWindow: BrowserWindow | null = null;

function openExternal(url: string): void {
  if (isAllowedExternalUrl(url)) void shell.openExternal(url);
}

function focusMainWindow(): void {
  if (!mainWindow || mainWindow.isDestroyed()) return;
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.focus();
}

function openMainWindow(): void {
  const stateFile = join(app.getPath('userData'), 'window-state.json');
  const workAreas = screen.getAllDisplays().map((d) => d.workArea);
  mainWindow = createMainWindow({
    BrowserWindow,
    preloadPath: PRELOAD,
    devTools: !app.isPackaged,
    title: app.getName(),
    state: fitWindowState(loadWindowState(stateFile), workAreas),
    saveState: (state) => saveWindowState(stateFile, state),
  });
  mainWindow.on('closed', () => {
    mainWindow = null;
  });
}

async function whenReady(): Promise<void> {
  const userData = app.getPath('userData');
  secureSession(session.defaultSession);
  serveAppProtocol(protocol, RENDERER_DIR);

  const settings = await openSettingsStore(join(userData, 'settings.json'));
  const dataDir = join(userData, 'host');
  const host = createHostController({
    startHost,
    createPublisher,
    syncAds,
    dataDir,
    staticDir: RENDERER_DIR,
    defaults: () => ({ name: settings.get('hostName') || hostname(), port: settings.get('hostPort') }),
  });
  const tables = createTableFeed(browseTables);
  const notify = createTurnNotifier({
    supported: () => Notification.isSupported(),
    windowFocused: () => !!mainWindow && !mainWindow.isDestroyed() && mainWindow.isFocused(),
    show: (notice, onClick) => {
      const shown = new Notification({ title: notice.title, body: notice.body, silent: true });
      shown.on('click', onClick);
      shown.show();
    },
    focusWindow: focusMainWindow,
  });
  registerIpcHandlers(
    ipcMain,
    createIpcHandlers({
      settings,
      host,
      tables,
      appInfo: () => collectAppInfo(app, dataDir),
      openDataFolder: () => openDataFolder(shell, dataDir),
      notify,
    }),
  );

  // Quit = stop accepting players and save, then mDNS goodbyes, then stop browsing; each bounded.
  installQuitSequence(app, () => [
    { name: 'close the host and save its tables', run: () => host.closeHost(3000), timeoutMs: 3500 },
    { name: 'mDNS goodbyes', run: () => host.withdrawAds(1000), timeoutMs: 1500 },
    { name: 'stop looking for tables', run: () => tables.stop(), timeoutMs: 1000 },
  ]);

  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      buildMenuTemplate({
        platform: process.platform,
        appName: app.getName(),
        dev: !app.isPackaged,
        openExternal,
      }),
    ),
  );
  openMainWindow();
}

// Before anything else: every renderer sandboxed, and app:// known as a secure standard scheme.
app.enableSandbox();
registerAppScheme(protocol);

if (claimSingleInstance(app, focusMainWindow)) {
  if (process.platform === 'win32') app.setAppUserModelId('lan.red7.app');
  // Every web contents, present or future, is kept inside the app.
  app.on('web-contents-created', (_event, contents) => {
    guardNavigation(contents, openExternal);
    denyNewWindows(contents, openExternal);
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (app.isReady() && BrowserWindow.getAllWindows().length === 0) openMainWindow();
  });
  process.on('SIGTERM', () => app.quit());
  app
    .whenReady()
    .then(whenReady)
    .catch((error: unknown) => {
      console.error('red7: could not start', error);
      app.exit(1);
    });
}
