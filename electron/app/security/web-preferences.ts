import type { WebPreferences } from 'electron';
import { encodeWindowArgs, type WindowArgs } from '../window-args.js';

/**
 * The settings of every window: the page runs as a web page (isolated, sandboxed, no Node), and
 * only the preload's small bridge crosses into it. `preload` is absent for child windows opened
 * by a page, which get no bridge at all.
 */
export function secureWebPreferences(options: {
  preload?: string;
  args?: WindowArgs;
  devTools: boolean;
}): WebPreferences {
  return {
    ...(options.preload ? { preload: options.preload } : {}),
    ...(options.args ? { additionalArguments: encodeWindowArgs(options.args) } : {}),
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    // No middle-click opening links as windows (the window-open handler would vet them anyway).
    disableBlinkFeatures: 'Auxclick',
    safeDialogs: true,
    spellcheck: false,
    // Packaged builds ship without DevTools: a cashier cannot open a console on the payment page.
    devTools: options.devTools,
  };
}
