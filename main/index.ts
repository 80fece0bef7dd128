import { app, BrowserWindow } from 'electron';
import { join } from 'node:path';

// Minimal entry; the desktop-shell issue replaces it with the hardened window and IPC.
function createWindow(): void {
  const win = new BrowserWindow({
    width: 1280,
    height: 800,
    webPreferences: { contextIsolation: true, sandbox: true, nodeIntegration: false },
  });
  void win.loadFile(join(__dirname, '../renderer/index.html'));
}

void app.whenReady().then(createWindow);
app.on('window-all-closed', () => app.quit());
