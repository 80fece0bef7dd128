import type { MenuItemConstructorOptions } from 'electron';

export const RULES_PUBLISHER_URL = 'https://asmadigames.com/';

export interface MenuOptions {
  platform: NodeJS.Platform;
  appName: string;
  /** DevTools and reload only while developing. */
  dev: boolean;
  openExternal(url: string): void;
}

/** The application menu: standard roles only, plus a link to the rules' publisher. */
export function buildMenuTemplate(o: MenuOptions): MenuItemConstructorOptions[] {
  const mac = o.platform === 'darwin';
  const template: MenuItemConstructorOptions[] = [];
  if (mac) {
    template.push({
      label: o.appName,
      submenu: [
        { role: 'about' },
        { type: 'separator' },
        { role: 'hide' },
        { role: 'hideOthers' },
        { role: 'unhide' },
        { type: 'separator' },
        { role: 'quit' },
      ],
    });
  } else {
    template.push({ label: '&File', submenu: [{ role: 'quit' }] });
  }
  template.push({ role: 'editMenu' });
  template.push({
    label: '&View',
    submenu: [
      ...(o.dev
        ? ([
            { role: 'reload' },
            { role: 'toggleDevTools' },
            { type: 'separator' },
          ] as MenuItemConstructorOptions[])
        : []),
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  });
  template.push({ role: 'windowMenu' });
  template.push({
    role: 'help',
    submenu: [
      { label: 'Red7 rules (Asmadi Games)', click: () => o.openExternal(RULES_PUBLISHER_URL) },
      ...(mac ? [] : ([{ type: 'separator' }, { role: 'about' }] as MenuItemConstructorOptions[])),
    ],
  });
  return template;
}
