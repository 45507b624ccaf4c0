/** What the runtime hands the loader once it has run. */
export interface Runtime {
  /** Starts instance `name`, whose loader was loaded from `src`. */
  boot(name: string, src: string): void;
}

/** Where the runtime leaves itself on the page's window: one runtime per page, whatever the instances. */
export const RUNTIME = Symbol.for('servicepay.runtime');
const LOADING = Symbol.for('servicepay.runtime-loading');

type Host = Record<symbol, Runtime | Promise<Runtime> | undefined>;

/**
 * The runtime, loaded once per page as Stripe's and Segment's loaders load theirs: its script is
 * injected once and its one promise shared by every instance and caller; a failure removes the
 * script and forgets the promise, so the next command tries again.
 */
export function loadRuntime(url: string): Promise<Runtime> {
  const host = window as unknown as Host;
  const loaded = host[RUNTIME] as Runtime | undefined;
  if (loaded) return Promise.resolve(loaded);
  return ((host[LOADING] as Promise<Runtime> | undefined) ??= new Promise<Runtime>((resolve, reject) => {
    const script = document.createElement('script');
    const fail = () => {
      script.remove();
      host[LOADING] = undefined;
      reject(new Error(`${url} could not be loaded`));
    };
    script.async = true;
    script.src = url;
    script.onerror = fail;
    script.onload = () => {
      const runtime = host[RUNTIME] as Runtime | undefined;
      if (runtime) resolve(runtime);
      else fail();
    };
    document.head.appendChild(script);
  }));
}
