import type { Session } from 'electron';

/**
 * A point-of-sale page needs no camera, microphone, location, notifications, USB, serial, HID,
 * clipboard reading or fullscreen requests (the shell places its windows itself): every
 * permission is refused, whether the page asks or only checks.
 */
export function denyAllPermissions(session: Session): void {
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
  session.setDevicePermissionHandler(() => false);
}
