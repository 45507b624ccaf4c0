import type { Db } from '../db/database.js';

/** A stored first answer to an idempotent request. */
export interface StoredResponse {
  requestHash: string;
  statusCode: number;
  body: string;
}

/** First answers to requests sent with an `Idempotency-Key`, per API client. */
export class IdempotencyRepository {
  private readonly findStmt;
  private readonly insertStmt;

  constructor(db: Db) {
    this.findStmt = db.prepare<[string, string], StoredResponse>(
      `SELECT request_hash AS requestHash, status_code AS statusCode, response_json AS body
         FROM idempotency_keys WHERE api_client_id = ? AND idempotency_key = ?`,
    );
    this.insertStmt = db.prepare<[string, string, string, number, string, string]>(
      `INSERT INTO idempotency_keys (api_client_id, idempotency_key, request_hash, status_code, response_json, created_at)
       VALUES (?, ?, ?, ?, ?, ?)`,
    );
  }

  find(clientId: string, key: string): StoredResponse | undefined {
    return this.findStmt.get(clientId, key);
  }

  save(clientId: string, key: string, response: StoredResponse, at: string): void {
    this.insertStmt.run(clientId, key, response.requestHash, response.statusCode, response.body, at);
  }
}
