/**
 * The Electron main process, kept thin: it wires Electron's objects into the small modules of
 * main/electron/ (each one concern, tested without Electron) and runs the app's lifecycle.
 */
import {
  app,
  BrowserWindow,
  ipcMain,
  Menu,
  Notification,
  powerSaveBlocker,
  protocol,
  screen,
  session,
  shell,
} from 'electron';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { browseTables, browseTargets, createPublisher, createTargetAd, syncAds } from './discovery';
import { startHost } from './host';
import { collectAppInfo } from './electron/app-info';
import { registerAppScheme, serveAppProtocol } from './electron/app-protocol';
import { APP_ENTRY_URL } from './electron/app-url';
import { openDataFolder } from './electron/data-folder';
import { createIpcHandlers } from './electron/desktop-services';
import { isAllowedExternalUrl } from './electron/external-links';
import { createHostController } from './electron/host-controller';
import { registerIpcHandlers } from './electron/ipc-handlers';
import { createKeepAwake } from './electron/keep-awake';
import { createMainWindow } from './electron/main-window';
import { createRoomScreen, openRoomWindow } from './electron/room-window';
import { buildMenuTemplate } from './electron/menu';
import { denyNewWindows, guardNavigation } from './electron/navigation';
import { installQuitSequence } from './electron/quit-sequence';
import { secureSession } from './electron/session-security';
import { openSettingsStore } from './electron/settings-store';
import { claimSingleInstance } from './electron/single-instance';
import { createTableFeed } from './electron/table-feed';
import { createTargetFeed } from './electron/target-feed';
import {
  DEEP_LINK_SCHEME,
  findTableLink,
  parseTableLink,
  tableLinkHash,
  type TableLink,
} from './electron/table-links';
import { createTurnNotifier } from './electron/turn-notifier';
import { loadUpdater } from './electron/load-updater';
import { createUpdates } from './electron/updates';
import { fitWindowState, loadWindowState, saveWindowState } from './electron/window-state';

const RENDERER_DIR = join(__dirname, '../renderer');
const PRELOAD = join(__dirname, 'preload.cjs');

let mainWindow: BrowserWindow | null = null;
/** A table link the app was started with (or given before its window opened): the first page opens there. */
let pendingLink = findTableLink(process.argv);
/** The app is set up (IPC answered): a window may open. */
let started = false;

function openExternal(url: string): void {
  if (isAllowedExternalUrl(url)) void shell.openExternal(url);
}

function focusMainWindow(): void {
  if (!mainWindow || mainWindow.isDestroyed()) return;
  if (mainWindow.isMinimized()) mainWindow.restore();
  mainWindow.focus();
}

/**
 * A table link opened from outside (checked by main/electron/table-links.ts): the window comes to the
 * front at that table; before the window exists, its first page opens there.
 */
function goToTable(link: TableLink): void {
  if (!mainWindow || mainWindow.isDestroyed()) {
    pendingLink = link;
    // macOS keeps the app without a window: the link opens one.
    if (started) openMainWindow();
    return;
  }
  focusMainWindow();
  // Only the address's hash changes: the page stays loaded and follows it (renderer/src/stores/route.ts).
  void mainWindow.loadURL(`${APP_ENTRY_URL}${tableLinkHash(link)}`);
}

/** macOS's open-url: a table link goes to its table; anything else is refused (the window only comes forward). */
function openUrl(url: string): void {
  const link = parseTableLink(url);
  if (link) return goToTable(link);
  console.warn('red7: refused a link that is not a table link');
  focusMainWindow();
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
    url: pendingLink ? `${APP_ENTRY_URL}${tableLinkHash(pendingLink)}` : APP_ENTRY_URL,
  });
  pendingLink = null;
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
  // The display stays on while a game is on screen; the system stays up while this host has a table in play.
  const displayAwake = createKeepAwake(powerSaveBlocker, 'prevent-display-sleep');
  const systemAwake = createKeepAwake(powerSaveBlocker, 'prevent-app-suspension');
  const host = createHostController({
    startHost,
    createPublisher,
    createTargetAd,
    syncAds,
    dataDir,
    staticDir: RENDERER_DIR,
    defaults: () => ({ name: settings.get('hostName') || hostname(), port: settings.get('hostPort') }),
    inPlay: (playing) => systemAwake.hold('host', playing),
  });
  // Checked once at start, offered in the lobby only, never installed while a game is on.
  const updates = createUpdates({
    packaged: app.isPackaged,
    version: app.getVersion(),
    updater: loadUpdater,
    busy: () =>
      systemAwake.held()
        ? 'this computer hosts a game in play'
        : displayAwake.held()
          ? 'a game is on screen'
          : null,
  });
  void updates.checkAtStart();
  const tables = createTableFeed(browseTables);
  const targets = createTargetFeed(browseTargets);
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
      targets,
      updates,
      appInfo: () => collectAppInfo(app, dataDir),
      openDataFolder: () => openDataFolder(shell, dataDir),
      notify,
      displayAwake,
      // Only ever a discovered host's own page (main/electron/table-links.ts builds it).
      openExternal: (url) => shell.openExternal(url),
      showRoomScreen: createRoomScreen({
        hostStatus: () => host.status(),
        open: (port) =>
          openRoomWindow({
            BrowserWindow,
            preloadPath: PRELOAD,
            devTools: !app.isPackaged,
            title: `${app.getName()}: room screen`,
            port,
            displays: screen.getAllDisplays(),
            gameWindow: mainWindow && !mainWindow.isDestroyed() ? mainWindow.getBounds() : null,
          }),
      }),
    }),
  );

  // Quit = stop accepting players and save, then mDNS goodbyes, then stop browsing; each bounded.
  installQuitSequence(app, () => [
    { name: 'close the host and save its tables', run: () => host.closeHost(3000), timeoutMs: 3500 },
    { name: 'mDNS goodbyes', run: () => host.withdrawAds(1000), timeoutMs: 1500 },
    {
      name: 'stop looking for tables',
      run: () => Promise.all([tables.stop(), targets.stop()]).then(() => undefined),
      timeoutMs: 1000,
    },
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
  started = true;
  openMainWindow();
}

// Before anything else: every renderer sandboxed, and app:// known as a secure standard scheme.
app.enableSandbox();
registerAppScheme(protocol);

// A second launch: its table link, if it came with one (Windows and Linux pass the link as an argument).
const secondLaunch = (argv: string[]): void => {
  const link = findTableLink(argv);
  if (link) goToTable(link);
  else focusMainWindow();
};

if (claimSingleInstance(app, secondLaunch)) {
  if (process.platform === 'win32') app.setAppUserModelId('lan.red7.app');
  // red7:// table links open this app (the installers register the scheme too: electron-builder.yml).
  if (app.isPackaged) app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);
  // macOS hands a link to the running app, or to the app it starts, by this event.
  app.on('open-url', (event, url) => {
    event.preventDefault();
    openUrl(url);
  });
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
