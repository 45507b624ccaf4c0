/**
 * Migration 2: payments (docs/payments.md). Processors, the methods each location takes, PIN pads,
 * payment sessions, payments with their results, refunds, paylinks and idempotency keys. Amounts are
 * integer cents; timestamps are ISO 8601 UTC text; JSON columns are TEXT. Portable SQL only.
 */
export const PAYMENTS_MIGRATION_SQL = `
CREATE TABLE payment_processors (
  id              TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  name            TEXT NOT NULL,
  -- Which adapter talks to it: 'sandbox' (built in) or 'paynet' (JSON over HTTP to a gateway).
  kind            TEXT NOT NULL,
  -- JSON: the adapter's settings (paynet: gatewayUrl, merchantId, apiKey, timeoutMs).
  settings        TEXT NOT NULL DEFAULT '{}',
  is_default      INTEGER NOT NULL DEFAULT 0,
  created_at      TEXT NOT NULL,
  UNIQUE (organization_id, name)
);

CREATE TABLE location_payment_methods (
  location_id   TEXT NOT NULL REFERENCES locations(id),
  processor_id  TEXT NOT NULL REFERENCES payment_processors(id),
  method        TEXT NOT NULL,
  enabled       INTEGER NOT NULL DEFAULT 1,
  updated_at    TEXT NOT NULL,
  PRIMARY KEY (location_id, processor_id, method)
);
CREATE INDEX location_payment_methods_processor ON location_payment_methods(processor_id);

-- PIN pads: the spec's payment device configurations.
CREATE TABLE payment_devices (
  id            TEXT PRIMARY KEY,
  location_id   TEXT NOT NULL REFERENCES locations(id),
  processor_id  TEXT NOT NULL REFERENCES payment_processors(id),
  name          TEXT NOT NULL,
  model         TEXT NOT NULL,
  serial_number TEXT NOT NULL,
  disabled      INTEGER NOT NULL DEFAULT 0,
  created_at    TEXT NOT NULL,
  UNIQUE (processor_id, serial_number)
);
CREATE INDEX payment_devices_location ON payment_devices(location_id);

-- One payment event of the SDK. reuse_key finds the open session a resend should answer.
CREATE TABLE payment_sessions (
  id                    TEXT PRIMARY KEY,
  organization_id       TEXT NOT NULL REFERENCES organizations(id),
  dispensary_id         TEXT REFERENCES dispensaries(id),
  order_id              TEXT REFERENCES orders(id),
  channel               TEXT NOT NULL,
  status                TEXT NOT NULL,
  principal             TEXT NOT NULL,
  reuse_key             TEXT NOT NULL,
  original_amount_cents INTEGER NOT NULL CHECK (original_amount_cents > 0),
  tip_cents             INTEGER NOT NULL CHECK (tip_cents >= 0),
  -- JSON: the rest of the payment event (customer, employee, taxes, location, processor name…).
  request_json          TEXT NOT NULL,
  expires_at            TEXT NOT NULL,
  created_at            TEXT NOT NULL,
  updated_at            TEXT NOT NULL
);
CREATE INDEX payment_sessions_reuse ON payment_sessions(reuse_key, status);
CREATE INDEX payment_sessions_order ON payment_sessions(order_id);

-- A payment attempt: written 'pending' before the processor, PIN pad or customer is asked.
CREATE TABLE payments (
  id                        TEXT PRIMARY KEY,
  session_id                TEXT NOT NULL REFERENCES payment_sessions(id),
  organization_id           TEXT NOT NULL REFERENCES organizations(id),
  dispensary_id             TEXT REFERENCES dispensaries(id),
  order_id                  TEXT REFERENCES orders(id),
  ticket_alpha_num_id       TEXT,
  processor_id              TEXT REFERENCES payment_processors(id),
  processor_name            TEXT NOT NULL,
  device_id                 TEXT REFERENCES payment_devices(id),
  method                    TEXT NOT NULL,
  entry                     TEXT NOT NULL,
  status                    TEXT NOT NULL,
  stage                     TEXT,
  provider_trans_type       TEXT NOT NULL,
  provider_payment_type     TEXT,
  payment_direction         TEXT,
  last_action               TEXT NOT NULL,
  amount_cents              INTEGER NOT NULL CHECK (amount_cents > 0),
  tip_cents                 INTEGER NOT NULL CHECK (tip_cents >= 0),
  tax_cents                 INTEGER,
  fee_cents                 INTEGER NOT NULL DEFAULT 0,
  cashback_cents            INTEGER NOT NULL DEFAULT 0 CHECK (cashback_cents >= 0),
  charged_cents             INTEGER NOT NULL,
  tendered_cents            INTEGER,
  change_cents              INTEGER NOT NULL DEFAULT 0,
  refunded_cents            INTEGER NOT NULL DEFAULT 0,
  captured                  INTEGER NOT NULL DEFAULT 0,
  charge_id                 TEXT,
  invoice_id                TEXT,
  response_code             TEXT NOT NULL DEFAULT '',
  response_message          TEXT NOT NULL DEFAULT 'pending',
  response_detail           TEXT NOT NULL DEFAULT '',
  reference_number          TEXT NOT NULL,
  card_brand                TEXT,
  card_last4                TEXT,
  customer_json             TEXT,
  employee_ref              TEXT NOT NULL,
  associate_id              TEXT NOT NULL,
  transacting_associate_id  TEXT,
  actor                     TEXT NOT NULL,
  created_at                TEXT NOT NULL,
  updated_at                TEXT NOT NULL,
  completed_at              TEXT
);
CREATE INDEX payments_session ON payments(session_id);
CREATE INDEX payments_order_status ON payments(order_id, status);
CREATE INDEX payments_dispensary_created ON payments(dispensary_id, created_at);
CREATE INDEX payments_status ON payments(status);

CREATE TABLE payment_refunds (
  id              TEXT PRIMARY KEY,
  payment_id      TEXT NOT NULL REFERENCES payments(id),
  amount_cents    INTEGER NOT NULL CHECK (amount_cents > 0),
  status          TEXT NOT NULL,
  response_code   TEXT NOT NULL,
  response_detail TEXT NOT NULL,
  actor           TEXT NOT NULL,
  created_at      TEXT NOT NULL
);
CREATE INDEX payment_refunds_payment ON payment_refunds(payment_id);

-- The hosted ACH checkout: a capability URL. Only a SHA-256 of its token is kept.
CREATE TABLE paylinks (
  token_hash  TEXT PRIMARY KEY,
  payment_id  TEXT NOT NULL UNIQUE REFERENCES payments(id),
  expires_at  TEXT NOT NULL,
  created_at  TEXT NOT NULL
);

-- First answers to pay requests, per session and Idempotency-Key.
CREATE TABLE payment_idempotency_keys (
  session_id      TEXT NOT NULL REFERENCES payment_sessions(id),
  idempotency_key TEXT NOT NULL,
  request_hash    TEXT NOT NULL,
  payment_id      TEXT NOT NULL REFERENCES payments(id),
  created_at      TEXT NOT NULL,
  PRIMARY KEY (session_id, idempotency_key)
);

-- The simulated processors' own books (the sandbox, and the paynet gateway's sandbox): what a real
-- processor would hold on its side, so status lookups answer truthfully across restarts.
CREATE TABLE processor_sandbox_ledger (
  processor       TEXT NOT NULL,
  reference       TEXT NOT NULL,
  transaction_id  TEXT NOT NULL UNIQUE,
  kind            TEXT NOT NULL,
  amount_cents    INTEGER NOT NULL,
  status          TEXT NOT NULL,
  response_code   TEXT NOT NULL,
  captured        INTEGER NOT NULL DEFAULT 0,
  refunded_cents  INTEGER NOT NULL DEFAULT 0,
  created_at      TEXT NOT NULL,
  updated_at      TEXT NOT NULL,
  PRIMARY KEY (processor, reference)
);
`;
