import { createHash } from 'node:crypto';
import { closeSync, fsyncSync, linkSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';

/**
 * Taking a hold file's name, free or left by a holder that died, in steps only one of many starts
 * racing for it can win, on a POSIX file system (folder-hold.ts decides who is alive).
 *
 * A start writes its hold text (its process, its boot and a random id, so no two starts' texts are
 * ever the same) whole into a file of its own and syncs it; after that it only ever puts hard links
 * of that file at other names. A name thus shows nothing or a whole text, never one cut short.
 *
 * - A free name is taken by link(2): it fails when the name exists, so of two starts one makes it.
 * - A dead holder's text T is never removed and made again (two starts that both read T dead could
 *   each remove it, the second removing the first's new hold, and both hold). A start claims T
 *   instead: it links its file to the claim name of T (`servicepay.lock.takeover-` and a hash of
 *   T), which again one start makes. The claimer reads the name again and, if it still says T,
 *   renames a link of its own file over it: rename(2) replaces a name in one step, so the name is
 *   never missing for a plain start to make. Then it lets the claim go.
 *
 * Why exactly one wins: while a name says T, only T's claimer changes it. A link fails on the
 * existing name, T's holder is dead (it releases nothing), and anyone else would need T's claim,
 * which one start holds at a time; so the claimer's read and its rename are as one step. Once the
 * name says something else it never says T again (no start writes a text twice), so a start that
 * claims T later (slow to get there, after the claim was let go) reads another text and leaves it.
 * A start that loses meets a live holder: the one that took the name, or, while the name still says
 * T, T's live claimer, which will take it (by the same argument); either way it is told that
 * holder's process, and refuses as it would beside a running service.
 *
 * A claimer can die too, between its claim and its rename (SIGKILL, a power cut). Its claim is then
 * a dead holder's text at a name like any other, taken over the same way (a claim of the claim,
 * named by the claimer's text) before the claimed name is replaced: the same steps one level down,
 * so the same argument. What a crash in those steps leaves (a start's own file, a claim) is a few
 * bytes no later start reads as a hold: the hold file alone says who serves the folder.
 */

/** A start's hold: its text, the file it wrote it to, and the hold file all claims are named after. */
export interface OwnHold {
  readonly text: string;
  readonly file: string;
  readonly holdFile: string;
  /** How many spare links of `file` this start has made (each has a name of its own). */
  spares: number;
}

/** What a text found at a name is: a live holder's (its process), one that is over, or one being written. */
export type Verdict = { live: number } | 'over' | 'writing';

/** What taking a name came to: held, a live holder's process, or a text being written to read again later. */
export type Taken = 'held' | 'again' | { live: number };

/** Writes `text` whole into a new file of this start's and syncs it, so a crash leaves it readable. */
export function writeOwnHold(holdFile: string, text: string, id: string): OwnHold {
  const file = `${holdFile}.new-${id}`;
  const fd = openSync(file, 'wx');
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return { text, file, holdFile, spares: 0 };
}

/** The claim name of `text` found at a hold's name: made by the one start that takes it over. */
export function claimName(holdFile: string, text: string): string {
  return `${holdFile}.takeover-${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
}

/** A file's text, or undefined when there is none. */
export function readText(name: string): string | undefined {
  try {
    return readFileSync(name, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Links `own`'s file at `name` if there is nothing there. */
function make(own: OwnHold, name: string): boolean {
  try {
    linkSync(own.file, name);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Puts `own`'s file at `name` in place of what is there, in one step (a spare link renamed over it). */
function replace(own: OwnHold, name: string): void {
  const spare = `${own.file}-${++own.spares}`;
  linkSync(own.file, spare);
  renameSync(spare, name);
}

/** Lets a claim go when it is still this start's. */
function letGo(own: OwnHold, claim: string): void {
  if (readText(claim) === own.text) rmSync(claim, { force: true });
}

/**
 * Takes `name` for `own`: made when free, taken over through a claim when `judge` finds its holder
 * over (see above). Runs without a pause from claim to rename: this process's other code never meets
 * one of its claims in use, so a claim naming this process is an earlier process's, over.
 * 'again' when `judge` finds a text still being written (a hold made by an earlier version).
 */
export function takeName(name: string, own: OwnHold, judge: (text: string, name: string) => Verdict): Taken {
  for (;;) {
    if (make(own, name)) return 'held';
    const found = readText(name);
    if (found === undefined) continue; // let go meanwhile: make it again
    const verdict = judge(found, name);
    if (verdict === 'writing') return 'again';
    if (verdict !== 'over') return verdict;
    const claim = claimName(own.holdFile, found);
    const claimed = takeName(claim, own, judge);
    if (claimed === 'held') {
      const still = readText(name) === found;
      if (still) replace(own, name);
      letGo(own, claim);
      if (still) return 'held';
    } else if (readText(name) === found) {
      // A live start holds the claim while the name still says `found`: it takes the name.
      return claimed;
    }
  }
}
