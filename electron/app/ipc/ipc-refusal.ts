/** Why main refused a call; sent back to the window, where the preload rethrows it as an Error. */
export type RefusalCode = 'FORBIDDEN' | 'INVALID_ARGUMENT';

/** A call the main process will not serve: a stranger's page, or arguments of the wrong shape. */
export class IpcRefusal extends Error {
  constructor(
    readonly code: RefusalCode,
    message: string,
  ) {
    super(message);
    this.name = 'IpcRefusal';
  }
}
