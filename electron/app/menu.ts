import { Menu, type MenuItemConstructorOptions } from 'electron';

/** What the menu can do; the back office is absent on a display-only machine. */
export interface MenuActions {
  openBackoffice?: () => void;
  showPoleDisplay: () => void;
}

/** The application menu's template: the back office and the pole display are one shortcut away. */
export function menuTemplate(actions: MenuActions, devTools: boolean): MenuItemConstructorOptions[] {
  const open: MenuItemConstructorOptions[] = [
    ...(actions.openBackoffice
      ? [{ label: 'Back office', accelerator: 'CmdOrCtrl+Shift+B', click: actions.openBackoffice }]
      : []),
    { label: 'Customer display', accelerator: 'CmdOrCtrl+Shift+D', click: actions.showPoleDisplay },
  ];
  const view: MenuItemConstructorOptions[] = [
    { role: 'reload' },
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { role: 'togglefullscreen' },
    ...(devTools ? [{ role: 'toggleDevTools' } as const] : []),
  ];
  return [
    { label: 'ServicePay', submenu: [...open, { type: 'separator' }, { role: 'quit' }] },
    { role: 'editMenu' },
    { label: 'View', submenu: view },
  ];
}

/** Installs the menu for every window (the pole display removes its own). */
export function installMenu(actions: MenuActions, devTools: boolean): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(actions, devTools)));
}
