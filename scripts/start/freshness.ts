import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The newest modification time of any file under the paths (0 when none exists). */
export function newestMtime(paths: readonly string[]): number {
  let newest = 0;
  const visit = (path: string): void => {
    let stat;
    try {
      stat = statSync(path);
    } catch {
      return; // a source folder that does not exist yet
    }
    if (!stat.isDirectory()) {
      newest = Math.max(newest, stat.mtimeMs);
      return;
    }
    for (const name of readdirSync(path)) if (name !== 'node_modules') visit(join(path, name));
  };
  paths.forEach(visit);
  return newest;
}

/** True when `output` is missing or older than one of the sources: it needs building. */
export function isStale(output: string, sources: readonly string[]): boolean {
  let built: number;
  try {
    built = statSync(output).mtimeMs;
  } catch {
    return true;
  }
  return newestMtime(sources) > built;
}
