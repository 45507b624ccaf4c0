import type { RowError } from './import-types.js';

/** Keeps the first `keep` errors in file order and counts them all, so a huge bad file stays cheap. */
export class ErrorList {
  readonly kept: RowError[] = [];
  count = 0;

  constructor(private readonly keep = 50) {}

  add(error: RowError): void {
    this.count += 1;
    if (this.kept.length < this.keep) this.kept.push(error);
  }
}
