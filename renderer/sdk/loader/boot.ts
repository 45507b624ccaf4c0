import { runCommand } from './commands';
import { createInstance, type Instance } from './instance';
import { createLogger } from './logger';

type Registry = Record<string, Instance | undefined>;
type Host = Record<string | symbol, unknown>;

/**
 * Starts the SDK for one instance (spec 4.3), once the loader (index.ts) has loaded this runtime:
 * replaces the page's queue function with the command function, replays the queued commands in
 * order and marks `loaded-<instance>`. `src` is the loader's address, whose origin is the service's.
 */
export function boot(name: string, src: string): void {
  const log = createLogger(name);
  const host = window as unknown as Host;
  // Spec 7.4: our patterns are plain ASCII, but the integrator's page should still be told.
  if (document.characterSet.toUpperCase() !== 'UTF-8')
    log.error(`the page is not UTF-8 (it is ${document.characterSet}): add <meta charset="UTF-8"> to its <head>`);
  if (host[`loaded-${name}`]) {
    log.warn('the SDK was loaded twice; the second copy does nothing');
    return;
  }
  const origin = new URL(src, location.href).origin;
  // A page that tore the SDK down (single-page app) and loads it again: the old instance goes quiet.
  const registryKey = Symbol.for('servicepay.instances');
  const registry = (host[registryKey] ??= {}) as Registry;
  registry[name]?.dispose();
  const sdk = createInstance(name, origin, log);
  registry[name] = sdk;

  const stub = host[name] as { q?: ArrayLike<unknown>[] } | undefined;
  const queued = stub && Array.isArray(stub.q) ? stub.q : [];
  const command = function () {
    // eslint-disable-next-line prefer-rest-params -- the stub queues `arguments`; the same shape here.
    runCommand(sdk, arguments);
  };
  host[name] = command;
  host[`loaded-${name}`] = true;
  queued.forEach((args) => runCommand(sdk, args));
  // No init yet: the widget's frame starts now, hidden, and init moves it into its element.
  sdk.prepare();
}
