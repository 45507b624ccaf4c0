import { stat } from 'node:fs/promises';
import { invalidInput } from '../../../../shared/errors.js';

/** Why a path cannot be read, by the system's code, in words. */
const UNREADABLE: Record<string, string> = {
  ENOENT: 'does not exist',
  ENOTDIR: 'does not exist',
  EACCES: 'cannot be read: permission is denied',
  EPERM: 'cannot be read: permission is denied',
};

/** The size of the file to read; a path that is no readable file is refused in words ("file x.csv does not exist"). */
export async function fileSize(file: string): Promise<number> {
  let info;
  try {
    info = await stat(file);
  } catch (error) {
    const why = UNREADABLE[(error as NodeJS.ErrnoException).code ?? ''] ?? 'cannot be read';
    throw invalidInput('file', `${file} ${why}`);
  }
  if (!info.isFile()) throw invalidInput('file', `${file} ${info.isDirectory() ? 'is a folder' : 'is not a file'}`);
  return info.size;
}
