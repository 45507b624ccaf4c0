import { readFileSync } from 'node:fs';
import { invalidInput, ServicePayError } from '../../shared/errors.js';

/** Why a file could not be read, in words (never an errno code). */
function whyUnreadable(error: unknown): string {
  switch ((error as NodeJS.ErrnoException).code) {
    case 'ENOENT':
      return 'there is no such file';
    case 'EACCES':
    case 'EPERM':
      return 'this user may not read it';
    case 'EISDIR':
      return 'it is a folder, not a file';
    default:
      return error instanceof Error ? error.message : String(error);
  }
}

/** A refusal of the file an option names ("--file a.json is not JSON …"), or of the command's FILE ("a.csv …"). */
function refused(path: string, option: string | undefined, words: string): ServicePayError {
  return option ? invalidInput(option, `${path} ${words}`) : new ServicePayError('INVALID_INPUT', `${path} ${words}`);
}

/** The text of the file a command was given (`option` names it, if not an argument), or a refusal saying why not. */
export function readText(path: string, option?: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw refused(path, option, `cannot be read (${whyUnreadable(error)})`);
  }
}

/** The JSON document in that file, or a refusal saying where it is not JSON. */
export function readJson(path: string, option?: string): unknown {
  const text = readText(path, option);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw refused(path, option, `is not JSON (${(error as Error).message})`);
  }
}
