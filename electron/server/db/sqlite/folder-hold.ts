import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { claimName, readText, takeName, writeOwnHold, type Taken, type Verdict } from './hold-takeover.js';

/** The file in a register's data folder that says which process serves it. */
export const HOLD_FILE = 'servicepay.lock';

/** A second service started on a data folder another one serves: said in one line, with what to do. */
export class FolderHeldError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number | null,
  ) {
    super(
      `${dataDir} is already served by another ServicePay${pid === null ? '' : ` (process ${pid})`}: ` +
        'stop it first, or give another --data',
    );
    this.name = 'FolderHeldError';
  }
}

/** A data folder held by this process, until `release`. */
export interface FolderHold {
  /** Takes the hold file away when it is still this hold's (a clean stop); twice is once. */
  release(): void;
}

/** What a hold file says: the holder's process id and the boot it ran in (null where the system tells none). */
interface Holder {
  pid: number;
  boot: string | null;
}

/** The folders this process holds (by their hold file's path): a pid of our own in a file is ours only if here. */
const heldHere = new Set<string>();

/** This boot of the machine: Linux's boot id, which changes at every start of the system; else null. */
function thisBoot(): string | null {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/** The holder a hold file names, or null for one cut short (a power cut between its open and its write). */
function holderIn(text: string): Holder | null {
  try {
    const { pid, boot } = JSON.parse(text) as Partial<Holder>;
    if (!Number.isInteger(pid) || (pid as number) <= 0) return null;
    return { pid: pid as number, boot: typeof boot === 'string' ? boot : null };
  } catch {
    return null;
  }
}

/** True while a process of that id runs (EPERM: it runs, as another user). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * True when `holder` still serves the folder. A process id can come back to another program after
 * the holder died: chiefly after a power cut, as the new boot hands out low numbers again. So a
 * hold written in another boot (Linux's boot id) is over whatever runs under its number, and a
 * hold naming this very process is over unless this process made it. Within one boot, on a system
 * that tells no boot id, a number comes back only once the system has gone round all of them; then
 * the refusal names that process, the owner sees it is no ServicePay, and takes the hold file away
 * (README "Storage"). We chose that over guessing from clocks (a boot time worked out from the
 * wall clock moves when the clock is set): a wrong refusal is said and mended in a minute, while a
 * second service taking a live one's folder forwards its sales twice.
 */
function stillServes(holder: Holder, file: string, boot: string | null): boolean {
  if (holder.boot !== null && boot !== null && holder.boot !== boot) return false;
  if (holder.pid === process.pid) return heldHere.has(file);
  return running(holder.pid);
}

/**
 * How long a hold file may be found empty or cut short before it is taken for a start's that died
 * writing it. This version never shows one (hold-takeover.ts links a file written whole); an earlier
 * version's start made the file, then wrote it.
 */
const WRITING_MS = 2000;
/** How long a start waits before it reads again a hold file another start is writing. */
const READ_AGAIN_MS = 50;

/** True when `file` was written (or made) within WRITING_MS: another start may be writing it now. */
function young(file: string): boolean {
  try {
    return Math.abs(Date.now() - statSync(file).mtimeMs) < WRITING_MS;
  } catch {
    return false;
  }
}

/** What the text `found` at `name` (the hold file or a claim) tells of its holder: see stillServes. */
function verdict(found: string, name: string, boot: string | null): Verdict {
  const holder = holderIn(found);
  if (holder === null) return young(name) ? 'writing' : 'over';
  return stillServes(holder, name, boot) ? { live: holder.pid } : 'over';
}

/**
 * Holds the register's data folder `dataDir` (which exists) for this process's service, or throws
 * FolderHeldError naming the process that serves it. A hold left by a process that died (SIGKILL, a
 * power cut) is taken over without a word; of starts racing for it, one takes it and the others are
 * refused as by a live service (hold-takeover.ts says how, and why only one). Only the service
 * holds the folder: the CLI's commands open the same database while it runs.
 */
export async function holdFolder(dataDir: string): Promise<FolderHold> {
  const file = resolve(join(dataDir, HOLD_FILE));
  const boot = thisBoot();
  const id = randomUUID();
  const text = `${JSON.stringify({ pid: process.pid, boot, since: new Date().toISOString(), id })}\n`;
  const own = writeOwnHold(file, text, id);
  const deadline = Date.now() + 2 * WRITING_MS;
  let taken: Taken;
  try {
    while ((taken = takeName(file, own, (found, name) => verdict(found, name, boot))) === 'again') {
      // A hold file found cut short, young: an earlier version's start between its open and its write.
      if (Date.now() > deadline) throw new FolderHeldError(dataDir, null);
      await new Promise((done) => setTimeout(done, READ_AGAIN_MS));
    }
  } finally {
    rmSync(own.file, { force: true });
  }
  if (taken !== 'held') throw new FolderHeldError(dataDir, taken.live);
  heldHere.add(file);
  return {
    release() {
      if (!heldHere.has(file)) return;
      heldHere.delete(file);
      // Another start that took the file over (this process thought dead) keeps its own.
      if (readText(file) === text) rmSync(file, { force: true });
    },
  };
}

/** Who serves by the text at `name`: its live holder, else the live start taking it over this instant. */
function servedBy(name: string, file: string, boot: string | null): { pid: number | null } | null {
  const found = readText(name);
  if (found === undefined) return null;
  const judged = verdict(found, name, boot);
  if (judged === 'writing') return { pid: null };
  if (judged !== 'over') return { pid: judged.live };
  return servedBy(claimName(file, found), file, boot);
}

/**
 * The service that holds `dataDir` now: `{ pid }` of the live process its hold file names, or of a
 * live start taking over a dead holder's this instant (`pid` null for a hold file an earlier version
 * is writing), or null when no live service holds it (no hold file, or one its holder left when it
 * died). The same judgement as `holdFolder`'s, for the commands that must not run under a service
 * (`servicepay restore`).
 */
export function folderHolder(dataDir: string): { pid: number | null } | null {
  const file = resolve(join(dataDir, HOLD_FILE));
  return servedBy(file, file, thisBoot());
}
