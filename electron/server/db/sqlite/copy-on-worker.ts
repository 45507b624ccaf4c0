import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** The driver's entry file, which the worker loads itself (the same native build as this thread's). */
const DRIVER = createRequire(import.meta.url).resolve('better-sqlite3');

/**
 * The worker's whole program (CommonJS, run with `eval`: no file of its own, so the bundles and the
 * packaged app carry it inside the module that starts it): a read-only connection of its own copies
 * `source` into `file` with SQLite's online backup API in one step, which is one read snapshot of the
 * WAL database — the writer goes on meanwhile, and its commits cannot restart the copy.
 */
const PROGRAM = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
(async () => {
  const source = new Database(workerData.source, { readonly: true, fileMustExist: true });
  try {
    await source.backup(workerData.file, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
})().then(
  () => parentPort.postMessage({ copied: true }),
  (error) => parentPort.postMessage({ failed: String(error && error.message ? error.message : error) }),
);
`;

type Answer = { copied: true } | { failed: string };

/**
 * Copies the SQLite database `source` into the new file `file` on a worker thread: the pages'
 * writes and the copy's closing fsync (seconds for a register's year of sales) never hold the
 * thread that serves the register. Rejects with the worker's error (a full disk, a missing folder).
 */
export function copyOnWorker(source: string, file: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(PROGRAM, { eval: true, workerData: { driver: DRIVER, source, file } });
    let answer: Answer | undefined;
    let crash: Error | undefined;
    worker.once('message', (message: Answer) => (answer = message));
    worker.once('error', (error) => (crash = error));
    worker.once('exit', (code) => {
      if (answer && 'copied' in answer) resolve();
      else if (answer) reject(new Error(`the copy of ${source} failed: ${answer.failed}`));
      else reject(crash ?? new Error(`the backup's worker stopped with code ${code} before copying`));
    });
  });
}
