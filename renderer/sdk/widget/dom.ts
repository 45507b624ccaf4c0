import { effectScope, getCurrentScope, onScopeDispose, ReactiveEffect, type EffectScope } from 'vue';

/**
 * The widget's view layer: DOM built by hand and kept current by Vue's reactivity, without Vue's
 * component runtime, which alone would take 23 of the widget's 30 KB gzipped (tests/bench/README.md,
 * "The SDK's weight"). A getter given where a value is expected is watched; updates are batched in a
 * microtask and run in the order their watchers were made, so an outer part is rebuilt before its
 * inner parts update (as Vue renders parents first), and no half-changed state is ever shown.
 */

/** A value, or a getter whose value is kept current. */
export type Bound<T> = T | (() => T);
/** What an element holds: nodes, text (kept current when a getter), or nothing. */
export type Child = Node | Bound<string> | null | undefined | false;
/**
 * Attributes (true sets one empty; null, undefined and false remove it: aria-* values are given as
 * text), the input's `value` property, and `on<event>` listeners.
 */
export type Props = Record<string, unknown>;

interface Job {
  id: number;
  run(): void;
  stopped: boolean;
}

let made = 0;
const queued = new Set<Job>();

function flush(): void {
  while (queued.size) {
    const jobs = [...queued].sort((a, b) => a.id - b.id);
    queued.clear();
    for (const job of jobs) if (!job.stopped) job.run();
  }
}

/**
 * Calls `apply` with what `read` gives, now and again after each change of what it read. Only
 * `read` is tracked: `apply` may build and read freely. Stops with the scope it was made in.
 */
export function watchValue<T>(read: () => T, apply: (value: T) => void): void {
  const effect = new ReactiveEffect(read);
  let last: T;
  const job: Job = {
    id: made++,
    stopped: false,
    run: () => {
      const value = effect.run();
      if (!Object.is(value, last)) apply((last = value));
    },
  };
  effect.scheduler = () => {
    if (!queued.size) queueMicrotask(flush);
    queued.add(job);
  };
  effect.onStop = () => (job.stopped = true);
  last = effect.run();
  apply(last);
}

function setProp(element: HTMLElement, name: string, value: unknown): void {
  if (name === 'value') (element as HTMLInputElement).value = String(value ?? '');
  else if (value === null || value === undefined || value === false) element.removeAttribute(name);
  else element.setAttribute(name, value === true ? '' : String(value));
}

function append(parent: Node, child: Child): void {
  if (child === null || child === undefined || child === false) return;
  if (typeof child === 'function') {
    const node = document.createTextNode('');
    watchValue(child, (value) => (node.data = value));
    parent.appendChild(node);
  } else parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
}

/** An element with its props (getters kept current, `on<event>` functions listening) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props?: Props | null,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props ?? {})) {
    if (name.startsWith('on') && typeof value === 'function') element.addEventListener(name.slice(2), value as never);
    else if (typeof value === 'function') watchValue(value as () => unknown, (next) => setProp(element, name, next));
    else setProp(element, name, value);
  }
  for (const child of children) append(element, child);
  return element;
}

/** Runs `build` in a scope of its own under the current one, so the part it builds can be stopped alone. */
function scoped<T>(parent: EffectScope | undefined, build: () => T): { value: T; scope: EffectScope } {
  const scope = parent ? parent.run(() => effectScope())! : effectScope();
  return { value: scope.run(build)!, scope };
}

/**
 * A part rebuilt whenever `key()` changes: `build(key)` gives its nodes, or nothing. Its watchers
 * stop when it is rebuilt or its enclosing part goes. `mounted` runs once the new nodes are in place.
 */
export function region<K>(key: () => K, build: (key: K) => Node | null, mounted?: (key: K) => void): Node {
  const parent = getCurrentScope();
  // Everything between the two markers is the part, whatever its inner parts insert later.
  const start = document.createComment('');
  const end = document.createComment('');
  const fragment = document.createDocumentFragment();
  fragment.append(start, end);
  let scope: EffectScope | undefined;
  watchValue(key, (next) => {
    scope?.stop();
    while (start.nextSibling && start.nextSibling !== end) start.nextSibling.remove();
    const built = scoped(parent, () => build(next));
    scope = built.scope;
    if (built.value) end.before(built.value);
    mounted?.(next);
  });
  if (parent) onScopeDispose(() => scope?.stop());
  return fragment;
}

/** `build()` while `show()` is true. */
export const when = (show: () => unknown, build: () => Node): Node =>
  region(
    () => Boolean(show()),
    (on) => (on ? build() : null),
  );

/**
 * A list whose items are built once per key: an item whose key stays keeps its node (and focus);
 * a new key is built; a key that goes is removed.
 */
export function list<T>(items: () => T[], key: (item: T) => string, build: (item: T) => Element): Node {
  const parent = getCurrentScope();
  const start = document.createComment('');
  const fragment = document.createDocumentFragment();
  fragment.append(start);
  let built = new Map<string, { value: Element; scope: EffectScope }>();
  watchValue(items, (next) => {
    const kept = new Map<string, { value: Element; scope: EffectScope }>();
    let previous: Node = start;
    for (const item of next) {
      const name = key(item);
      const entry = built.get(name) ?? scoped(parent, () => build(item));
      built.delete(name);
      kept.set(name, entry);
      const container = start.parentNode ?? fragment;
      if (previous.nextSibling !== entry.value) container.insertBefore(entry.value, previous.nextSibling);
      previous = entry.value;
    }
    for (const { value, scope } of built.values()) {
      scope.stop();
      value.remove();
    }
    built = kept;
  });
  if (parent) onScopeDispose(() => built.forEach(({ scope }) => scope.stop()));
  return fragment;
}
