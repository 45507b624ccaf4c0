import type { DataLayer } from '../db/data-layer.js';
import { writeStep, type Queryable, type WriteStep } from '../db/query.js';

/** The key of idempotency_keys: a second request with the key violates it. */
export const IDEMPOTENCY_KEY = ['api_client_id', 'idempotency_key'] as const;

/** The key a request claims, with its hash and when. */
interface KeyRow {
  clientId: string;
  key: string;
  requestHash: string;
  at: string;
}

/**
 * The row of a claimed key with its answer (none yet: status 0, no body). `p` is a prepared
 * statement's parameters: read field by field, never spread.
 */
const keyRow = (p: KeyRow, answer: Omit<StoredResponse, 'requestHash'>) => ({
  api_client_id: p.clientId,
  idempotency_key: p.key,
  request_hash: p.requestHash,
  status_code: answer.statusCode,
  response_json: answer.body,
  created_at: p.at,
});

/** A stored first answer to an idempotent request. */
export interface StoredResponse {
  requestHash: string;
  statusCode: number;
  body: string;
}

/**
 * First answers to requests sent with an `Idempotency-Key`, per API client. A request claims its key
 * before doing anything (the key's primary key decides between two concurrent requests, on any
 * instance: the second waits for the first and then finds its answer), and stores the answer in
 * the same transaction.
 */
export class IdempotencyRepository {
  private readonly q;

  constructor(db: DataLayer) {
    this.q = {
      find: db.prepare((k, p: { clientId: string; key: string }) =>
        k
          .selectFrom('idempotency_keys')
          .select(['request_hash as requestHash', 'status_code as statusCode', 'response_json as body'])
          .where('api_client_id', '=', p.clientId)
          .where('idempotency_key', '=', p.key),
      ),
      claim: db.prepare((k, p: KeyRow) =>
        k
          .insertInto('idempotency_keys')
          .values(keyRow(p, { statusCode: 0, body: '' }))
          .onConflict((conflict) => conflict.columns([...IDEMPOTENCY_KEY]).doNothing()),
      ),
      record: db.prepare((k, p: KeyRow & Omit<StoredResponse, 'requestHash'>) =>
        k.insertInto('idempotency_keys').values(keyRow(p, p)),
      ),
      answer: db.prepare((k, p: { clientId: string; key: string; statusCode: number; body: string }) =>
        k
          .updateTable('idempotency_keys')
          .set({ status_code: p.statusCode, response_json: p.body })
          .where('api_client_id', '=', p.clientId)
          .where('idempotency_key', '=', p.key),
      ),
    };
  }

  find(q: Queryable, clientId: string, key: string): Promise<StoredResponse | undefined> {
    return q.first(this.q.find, { clientId, key });
  }

  /**
   * Claims the key for a request inside its write; the earlier answer (or claim) when the key was
   * already used, undefined when this request is the first.
   */
  async claim(
    tx: Queryable,
    clientId: string,
    key: string,
    requestHash: string,
    at: string,
  ): Promise<StoredResponse | undefined> {
    if ((await tx.run(this.q.claim, { clientId, key, requestHash, at })) === 1) return undefined;
    return this.find(tx, clientId, key);
  }

  /**
   * The key claimed with its answer at once, as a step of a write that is built before it runs
   * (`DataLayer.writeSteps`): when another request has the key, the step violates IDEMPOTENCY_KEY
   * and the whole write fails, and the request is made again the claiming way, which finds it.
   */
  recording(
    clientId: string,
    key: string,
    requestHash: string,
    at: string,
    response: Omit<StoredResponse, 'requestHash'>,
  ): WriteStep {
    return writeStep(this.q.record, { clientId, key, requestHash, at, ...response });
  }

  /** Stores the answer of the request that claimed the key. */
  async answer(tx: Queryable, clientId: string, key: string, response: Omit<StoredResponse, 'requestHash'>) {
    await tx.run(this.q.answer, { clientId, key, ...response });
  }
}
