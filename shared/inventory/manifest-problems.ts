/**
 * The problems of one manifest, collected rather than stopping at the first, so that a manager fixes
 * a file once: at most MANIFEST_MAX_PROBLEMS are listed, and one more says how many were left out.
 */
import { MANIFEST_MAX_BYTES, MANIFEST_MAX_PROBLEMS, type ManifestProblem } from './manifest-types.js';

export class ProblemList {
  private readonly problems: ManifestProblem[] = [];

  add(problem: ManifestProblem): void {
    this.problems.push(problem);
  }

  get count(): number {
    return this.problems.length;
  }

  /** The problems to show, in the file's order (a file's rows): the first 50, then "and N more problems". */
  listed(): ManifestProblem[] {
    const ordered = this.problems.toSorted((a, b) => (a.row ?? 0) - (b.row ?? 0));
    if (ordered.length <= MANIFEST_MAX_PROBLEMS) return ordered;
    const more = ordered.length - MANIFEST_MAX_PROBLEMS;
    return [
      ...ordered.slice(0, MANIFEST_MAX_PROBLEMS),
      { where: 'the manifest', message: `and ${more} more ${more === 1 ? 'problem' : 'problems'} not listed here` },
    ];
  }
}

/** The UTF-8 size of `text` in bytes, counted without an encoder (shared/ runs everywhere). */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      bytes += 4; // a surrogate pair is one character of four bytes
      i += 1;
    } else bytes += 3;
  }
  return bytes;
}

/** The refusal of a file past 5 MB, or undefined; the length is checked before anything is read. */
export function tooLarge(text: string): ManifestProblem | undefined {
  if (text.length <= MANIFEST_MAX_BYTES / 3 || utf8Bytes(text) <= MANIFEST_MAX_BYTES) return undefined;
  const bytes = utf8Bytes(text).toLocaleString('en-US');
  return {
    where: 'the file',
    message: `the file is more than 5 MB (${bytes} bytes): a manifest file may be at most 5 MB`,
  };
}
