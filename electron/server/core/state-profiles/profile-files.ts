import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { problemWords, stateProfileProblems, type ProfileProblem } from '../../../../shared/compliance/index.js';
import type { StateProfile } from '../../../../shared/compliance/index.js';
import { ServicePayError } from '../../../../shared/errors.js';
import { SHIPPED_PROFILES, type StateProfiles } from './state-profiles.js';

/**
 * State profiles as files (README "State profiles"): one JSON file per state, named after its id
 * (`us-nv.json`). The service and the `servicepay` command load the shipped ones and an operator's
 * folder at start (`--profiles DIR`, `SERVICEPAY_PROFILES_DIR`); a file that is not a valid profile
 * stops the start with what is wrong in words, and `servicepay profiles check FILE` says the same.
 */

/** A profile file's verdict: the profile, or every problem found (the file itself: field ''). */
export type ProfileFile = { ok: true; profile: StateProfile } | { ok: false; problems: ProfileProblem[] };

/** A folder of profiles that cannot be loaded: which file, and what is wrong with it. */
export class StateProfilesError extends ServicePayError {
  constructor(message: string) {
    super('INVALID_INPUT', message, { field: 'profiles' });
    this.name = 'StateProfilesError';
  }
}

/** "line 4, column 7" of a JSON.parse message's "at position 45", or ''. */
function whereInText(text: string, message: string): string {
  const position = /at position (\d+)/.exec(message);
  if (!position) return '';
  const before = text.slice(0, Number(position[1]));
  const line = before.split('\n').length;
  return ` (line ${line}, column ${before.length - before.lastIndexOf('\n')})`;
}

/** The problem of text that is not JSON, in words: "is not JSON: Unexpected end of JSON input (line 9, column 1)". */
function notJson(text: string, error: Error): ProfileProblem {
  const reason = error.message.replace(/,? (?:in JSON )?at position \d+.*$/s, '').replace(/^JSON\.parse: /, '');
  return { field: '', problem: `is not JSON: ${reason}${whereInText(text, error.message)}` };
}

/** Reads and checks the profile in `path`; `named`: its file name must be `<id>.json`, as in a folder. */
export function readProfileFile(path: string, named = false): ProfileFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'there is no such file' : code === 'EISDIR' ? 'it is a folder' : code;
    return { ok: false, problems: [{ field: '', problem: `cannot be read: ${why}` }] };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return { ok: false, problems: [notJson(text, error as Error)] };
  }
  const problems = stateProfileProblems(raw);
  if (problems.length > 0) return { ok: false, problems };
  const profile = raw as StateProfile;
  if (named && basename(path) !== `${profile.id}.json`) {
    const problem = `is named ${basename(path)}, but holds the profile "${profile.id}": name it ${profile.id}.json`;
    return { ok: false, problems: [{ field: '', problem }] };
  }
  return { ok: true, profile };
}

/** "/srv/profiles/us-nv.json is not a valid state profile: stateCode …; customerTypes…" */
export function fileProblemsWords(path: string, problems: readonly ProfileProblem[]): string {
  const words = problems.map((problem) => (problem.field ? problemWords(problem) : `the file ${problem.problem}`));
  return `${path} is not a valid state profile: ${words.join('; ')}`;
}

/** Every `<id>.json` of `folder`, in name order; a folder that cannot be listed is refused in words. */
function profileFilesIn(folder: string): string[] {
  try {
    if (!statSync(folder).isDirectory()) throw new StateProfilesError(`the profiles folder ${folder} is a file`);
    return readdirSync(folder)
      .filter((name) => name.endsWith('.json'))
      .sort()
      .map((name) => join(folder, name));
  } catch (error) {
    if (error instanceof StateProfilesError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'does not exist' : `cannot be read (${code})`;
    throw new StateProfilesError(`the profiles folder ${folder} ${why}`);
  }
}

/**
 * The shipped profiles and those of the operator's `folder` (null: none), each checked; an
 * operator's profile with a shipped one's id replaces it. The first file that is not a valid
 * profile throws a StateProfilesError saying what is wrong with it.
 */
export function loadStateProfiles(folder: string | null): StateProfiles {
  if (folder === null) return SHIPPED_PROFILES;
  const extra = profileFilesIn(resolve(folder)).map((file) => {
    const read = readProfileFile(file, true);
    if (!read.ok) throw new StateProfilesError(fileProblemsWords(file, read.problems));
    return { profile: read.profile, source: { file } };
  });
  return SHIPPED_PROFILES.with(extra);
}
