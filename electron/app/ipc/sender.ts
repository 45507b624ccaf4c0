import type { IpcMainInvokeEvent } from 'electron';
import type { PageKind } from '../urls.js';
import { IpcRefusal } from './ipc-refusal.js';

/**
 * Serves only the service's own pages, and of those only the ones a channel is for: a page that
 * navigated away, a frame of another origin, or the pole display asking to print is refused.
 */
export function checkSender(event: IpcMainInvokeEvent, origin: string, pages: readonly PageKind[]): void {
  const frame = event.senderFrame;
  if (!frame) throw new IpcRefusal('FORBIDDEN', 'the calling page is gone');
  let url: URL;
  try {
    url = new URL(frame.url);
  } catch {
    throw new IpcRefusal('FORBIDDEN', 'the calling page has no URL');
  }
  if (url.origin !== origin) throw new IpcRefusal('FORBIDDEN', `${url.origin} is not the service's origin`);
  const page = url.pathname.split('/')[1] as PageKind;
  if (!pages.includes(page)) throw new IpcRefusal('FORBIDDEN', `the /${page}/ page may not use this function`);
}
