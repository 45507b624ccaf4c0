import type { Engine } from './postgres-service.js';
import { ServiceApi } from './service-api.js';
import { startWorkerService, type ServiceOptions, type StartedService, type WorkerService } from './service-start.js';

export type { ServiceOptions, WorkerService } from './service-start.js';

/** A helper started beside a service (an example shop talking to it): its value, and its stop. */
export interface Helper<T> {
  value: T;
  stop(): unknown;
}

/** A started service, its API client, and the helpers started beside it (stopped before it). */
interface Entry {
  started: StartedService;
  api?: ServiceApi;
  helpers: Map<string, Promise<Helper<unknown>>>;
}

/** The key of the demo service most files share (no options, on SQLite). */
const SHARED_KEY = keyOf({ args: [], env: {} }, 'sqlite');

function keyOf(options: ServiceOptions, engine: Engine): string {
  return JSON.stringify([engine, options.own ?? '', options.args, options.env]);
}

async function stopEntry(entry: Promise<Entry> | undefined): Promise<void> {
  const stopping = await entry?.catch(() => undefined);
  if (!stopping) return;
  try {
    for (const helper of stopping.helpers.values()) await (await helper.catch(() => undefined))?.stop();
  } finally {
    await stopping.started.stop();
  }
}

/**
 * One worker's services, one for each set of options (and engine) its test files ask for. The options
 * are a test's, not the worker's: a file's own options would otherwise cost a worker of its own (a
 * Node process, a browser, their start and teardown). Files of the same options share a service, as
 * the files of one worker did. The demo service of no options lives as long as the worker; any other
 * is stopped when a test asks for other options (Playwright runs a file's tests one after another in
 * one worker), so a file that comes back to them later gets a fresh one, as a new worker gave it.
 */
export class ServicePool {
  private readonly entries = new Map<string, Promise<Entry>>();

  constructor(
    private readonly start: (options: ServiceOptions, engine: Engine) => Promise<StartedService> = startWorkerService,
  ) {}

  /** The service of these options, started at the first ask. */
  async service(options: ServiceOptions, engine: Engine): Promise<WorkerService> {
    return (await this.entry(options, engine)).started.service;
  }

  /** The API client of the service of these options (its tokens kept while the service runs). */
  async api(options: ServiceOptions, engine: Engine): Promise<ServiceApi> {
    const entry = await this.entry(options, engine);
    entry.api ??= new ServiceApi(entry.started.service.url);
    return entry.api;
  }

  /** The helper `name` beside the service of these options: started at the first ask, stopped with it. */
  async helper<T>(
    options: ServiceOptions,
    engine: Engine,
    name: string,
    start: (service: WorkerService) => Promise<Helper<T>>,
  ): Promise<T> {
    const { started, helpers } = await this.entry(options, engine);
    let helper = helpers.get(name) as Promise<Helper<T>> | undefined;
    if (!helper) {
      const starting = start(started.service);
      helpers.set(name, starting);
      starting.catch(() => helpers.get(name) === starting && helpers.delete(name));
      helper = starting;
    }
    return (await helper).value;
  }

  /** Stops every service of the pool (the worker ends). */
  async stopAll(): Promise<void> {
    await this.take([...this.entries.keys()]);
  }

  private entry(options: ServiceOptions, engine: Engine): Promise<Entry> {
    const key = keyOf(options, engine);
    const found = this.entries.get(key);
    if (found) return found;
    // The others are taken out at once, so a service is never asked for while it stops.
    const leaving = this.take([...this.entries.keys()].filter((other) => other !== SHARED_KEY));
    const entry = leaving.then(async (): Promise<Entry> => ({
      started: await this.start(options, engine),
      helpers: new Map(),
    }));
    this.entries.set(key, entry);
    entry.catch(() => this.entries.get(key) === entry && this.entries.delete(key));
    return entry;
  }

  /** Takes these keys' services out of the pool at once, then stops them one by one. */
  private async take(keys: string[]): Promise<void> {
    const taken = keys.map((key) => this.entries.get(key));
    for (const key of keys) this.entries.delete(key);
    for (const entry of taken) await stopEntry(entry);
  }
}
