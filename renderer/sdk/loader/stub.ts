import { loadRuntime } from './runtime-script';

/** Marks the loader's own queue function, so a second copy of the script knows it came second. */
const STUB = Symbol.for('servicepay.stub');

type Command = ((...args: unknown[]) => void) & { q?: unknown[]; [STUB]?: true };

/** The console, which the page may have replaced: logging must never throw into it. */
function say(level: 'error' | 'warn', name: string, message: string): void {
  try {
    console[level](`[${name}]`, message);
  } catch {
    // a page without a console
  }
}

/**
 * The loader of /sdk/servicepay.js (spec 4.3), kept small: it finds its script tag (whose id is the
 * instance name), queues the page's commands (those of the page's stub first) and loads the
 * versioned runtime (`runtimeFile`, beside this script), which replays them in order and takes over.
 * A runtime that does not load is logged and tried again at the page's next command.
 */
export function startLoader(runtimeFile: string): void {
  // currentScript is null only in unusual embeddings; then find the tag by its address.
  const script = (document.currentScript ??
    document.querySelector('script[src*="/sdk/servicepay.js"]')) as HTMLScriptElement | null;
  const name = script && script.id ? script.id : '_servicepay';
  const host = window as unknown as Record<string, unknown>;
  const previous = host[name] as Command | undefined;
  if (host[`loaded-${name}`] || previous?.[STUB])
    return say('warn', name, 'the SDK was loaded twice; the second copy does nothing');
  const src = script ? script.src : '';
  if (!src) return say('error', name, 'load the SDK with a <script> tag whose id is the instance name');

  const queue = previous && Array.isArray(previous.q) ? previous.q : [];
  let loading = false;
  const load = () => {
    if (loading) return;
    loading = true;
    loadRuntime(new URL(runtimeFile, src).href).then(
      // Unless the page tore this instance down meanwhile (single-page app).
      (runtime) => host[name] === command && runtime.boot(name, src),
      (error: Error) => {
        loading = false;
        say('error', name, `${error.message}: the SDK will try again at the next command`);
      },
    );
  };
  const command: Command = function () {
    // eslint-disable-next-line prefer-rest-params -- the page's stub queues `arguments`; the same shape here.
    queue.push(arguments);
    load();
  };
  command.q = queue;
  command[STUB] = true;
  host[name] = command;
  load();
}
