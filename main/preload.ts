/**
 * The sandboxed preload: exposes `window.red7` (DesktopApi), one function per capability,
 * and never ipcRenderer itself. Bundled as CommonJS requiring only 'electron'.
 */
import { contextBridge, ipcRenderer } from 'electron';
import { bridgeFromIpcRenderer, createDesktopApi } from './electron/preload-api';

contextBridge.exposeInMainWorld('red7', createDesktopApi(bridgeFromIpcRenderer(ipcRenderer)));
