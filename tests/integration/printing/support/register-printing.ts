import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { PrintResult } from '../../../../shared/contracts/printers.js';
import type { TestPrinter } from '../../../support/test-printer.js';
import type { DemoService } from '../../support/demo-service.js';

// Printing at the demo store's registers, for the drawer tests: a printer set per register, a
// print or a no-sale asked at a register, and what reached the test printer.

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Who asks, at which register: a token signed in there. */
export interface AtRegister {
  token: string;
  terminal: string;
}

/**
 * Prints at the demo store's registers on `printer`: `manager` (a manager's token) sets the
 * printers up, and a request is asked `at` a register (`cashier`'s unless told).
 */
export function registerPrinting(service: DemoService, printer: TestPrinter, manager: string, cashier: AtRegister) {
  /** Sets register `terminal`'s printer to the test printer, opening the drawer on cash or not. */
  async function setPrinter(terminal: string, openDrawerOnCash: boolean): Promise<void> {
    const url = `/v2.0/dispensary/demo/setup/printers/${terminal}`;
    const payload = { address: printer.address, openDrawerOnCash };
    const set = await service.request({ method: 'PUT', url, headers: auth(manager), payload });
    expect(set.statusCode, set.body).toBe(200);
  }

  /** POST …/registers/<terminal>/printer/<path>. */
  function post(path: string, body: object, at = cashier): Promise<LightMyRequestResponse> {
    const url = `/v2.0/dispensary/demo/registers/${at.terminal}/printer/${path}`;
    return service.request({ method: 'POST', url, headers: auth(at.token), payload: body });
  }

  /** The print's answer, which must be 200. */
  async function printed(body: object, at = cashier): Promise<PrintResult> {
    const response = await post('print', body, at);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<PrintResult>();
  }

  /** The request to `path` is refused (403) in `words`, and nothing reaches the printer. */
  async function refused(body: object, words: string, path = 'print', at = cashier): Promise<void> {
    const before = printer.jobs.length;
    const response = await post(path, body, at);
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json<{ resultDetail: string }>().resultDetail).toBe(words);
    expect(printer.jobs).toHaveLength(before);
  }

  /** How many drawer kicks the printer received since job `from`. */
  const kicksSince = (from: number) => printer.decoded.slice(from).reduce((sum, job) => sum + job.kicks.length, 0);

  return { setPrinter, post, printed, refused, kicksSince };
}

export type RegisterPrinting = ReturnType<typeof registerPrinting>;
