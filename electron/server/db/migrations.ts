import { PAYMENTS_MIGRATION_SQL } from './migration-payments.js';

/**
 * Versioned schema migrations, applied in order at start inside one transaction each. Never edit a
 * migration that has shipped: add the next one. SQL stays portable (no SQLite-only types) so a
 * PostgreSQL backend can follow.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

const initial = `
CREATE TABLE organizations (
  id          TEXT PRIMARY KEY,
  name        TEXT NOT NULL,
  created_at  TEXT NOT NULL
);

CREATE TABLE addresses (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  street      TEXT NOT NULL,
  city        TEXT NOT NULL,
  state       TEXT NOT NULL,
  county      TEXT,
  country     TEXT,
  type        TEXT,
  zip         TEXT NOT NULL,
  comment     TEXT NOT NULL DEFAULT '',
  longitude   REAL,
  latitude    REAL,
  apt         TEXT NOT NULL DEFAULT '',
  is_primary  INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE dispensaries (
  id                  TEXT PRIMARY KEY,
  organization_id     TEXT NOT NULL REFERENCES organizations(id),
  short_name          TEXT NOT NULL UNIQUE,
  name                TEXT NOT NULL,
  timezone            TEXT NOT NULL,
  preparation_minutes INTEGER NOT NULL CHECK (preparation_minutes >= 0),
  -- JSON: seven entries, Sunday first, each {"open":"09:00","close":"21:00"} or null when closed.
  opening_hours       TEXT NOT NULL,
  address_id          INTEGER NOT NULL REFERENCES addresses(id),
  created_at          TEXT NOT NULL
);

CREATE TABLE locations (
  id              TEXT PRIMARY KEY,
  dispensary_id   TEXT NOT NULL REFERENCES dispensaries(id),
  name            TEXT NOT NULL,
  is_primary      INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX locations_dispensary ON locations(dispensary_id);

CREATE TABLE tax_classes (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  dispensary_id   TEXT NOT NULL REFERENCES dispensaries(id),
  code            TEXT NOT NULL,
  name            TEXT NOT NULL,
  UNIQUE (dispensary_id, code)
);

CREATE TABLE tax_rates (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  tax_class_id    INTEGER NOT NULL REFERENCES tax_classes(id),
  name            TEXT NOT NULL,
  rate_ppm        INTEGER NOT NULL CHECK (rate_ppm >= 0 AND rate_ppm <= 1000000)
);
CREATE INDEX tax_rates_class ON tax_rates(tax_class_id);

CREATE TABLE products (
  id              TEXT PRIMARY KEY,
  dispensary_id   TEXT NOT NULL REFERENCES dispensaries(id),
  sku             TEXT,
  type            TEXT NOT NULL,
  subtype         TEXT NOT NULL,
  brand           TEXT NOT NULL,
  name            TEXT NOT NULL,
  size            TEXT NOT NULL,
  weight          REAL NOT NULL,
  unit_type       TEXT NOT NULL,
  barcodes        TEXT NOT NULL DEFAULT '',
  tax_class_id    INTEGER NOT NULL REFERENCES tax_classes(id),
  deli            INTEGER NOT NULL DEFAULT 0,
  active          INTEGER NOT NULL DEFAULT 1,
  created_at      TEXT NOT NULL,
  updated_at      TEXT NOT NULL
);
CREATE INDEX products_dispensary_type ON products(dispensary_id, type);
CREATE UNIQUE INDEX products_dispensary_sku ON products(dispensary_id, sku);

-- One sellable package of a product at a location. Quantities are thousandths of the unit.
CREATE TABLE packages (
  id                    TEXT PRIMARY KEY,
  product_id            TEXT NOT NULL REFERENCES products(id),
  location_id           TEXT NOT NULL REFERENCES locations(id),
  unit_id               TEXT NOT NULL,
  label                 TEXT NOT NULL,
  price_cents           INTEGER NOT NULL CHECK (price_cents >= 0),
  discount_ppm          INTEGER NOT NULL DEFAULT 0 CHECK (discount_ppm >= 0 AND discount_ppm <= 1000000),
  discount_description  TEXT NOT NULL DEFAULT '',
  on_hand_milli         INTEGER NOT NULL CHECK (on_hand_milli >= 0),
  reserved_milli        INTEGER NOT NULL DEFAULT 0 CHECK (reserved_milli >= 0 AND reserved_milli <= on_hand_milli),
  UNIQUE (product_id, location_id)
);
CREATE INDEX packages_location ON packages(location_id);

CREATE TABLE orders (
  id                  TEXT PRIMARY KEY,
  dispensary_id       TEXT NOT NULL REFERENCES dispensaries(id),
  location_id         TEXT NOT NULL REFERENCES locations(id),
  order_number        TEXT NOT NULL,
  type                TEXT NOT NULL,
  status              TEXT NOT NULL,
  address_id          INTEGER NOT NULL REFERENCES addresses(id),
  sub_total_cents     INTEGER NOT NULL,
  discount_cents      INTEGER NOT NULL,
  tier_discount_cents INTEGER NOT NULL,
  tax_cents           INTEGER NOT NULL,
  delivery_cents      INTEGER NOT NULL,
  pay_by_points_cents INTEGER NOT NULL,
  total_cents         INTEGER NOT NULL,
  eta                 TEXT NOT NULL,
  created_by          TEXT NOT NULL,
  api_client_id       TEXT,
  created_at          TEXT NOT NULL,
  updated_at          TEXT NOT NULL,
  UNIQUE (dispensary_id, order_number)
);
CREATE INDEX orders_dispensary_status ON orders(dispensary_id, status, created_at);
CREATE INDEX orders_dispensary_created ON orders(dispensary_id, created_at);

CREATE TABLE order_items (
  id                        TEXT PRIMARY KEY,
  order_id                  TEXT NOT NULL REFERENCES orders(id),
  line_index                INTEGER NOT NULL,
  product_id                TEXT NOT NULL REFERENCES products(id),
  package_id                TEXT NOT NULL REFERENCES packages(id),
  location_id               TEXT NOT NULL,
  type                      TEXT NOT NULL,
  subtype                   TEXT NOT NULL,
  brand                     TEXT NOT NULL,
  name                      TEXT NOT NULL,
  size                      TEXT NOT NULL,
  weight                    REAL NOT NULL,
  unit_type                 TEXT NOT NULL,
  barcodes                  TEXT NOT NULL,
  package_label             TEXT NOT NULL,
  unit_id                   TEXT NOT NULL,
  deli                      INTEGER NOT NULL,
  quantity_milli            INTEGER NOT NULL,
  original_quantity_milli   INTEGER NOT NULL,
  refunded_quantity_milli   INTEGER NOT NULL DEFAULT 0,
  unit_price_cents          INTEGER NOT NULL,
  line_sub_total_cents      INTEGER NOT NULL,
  line_discount_cents       INTEGER NOT NULL,
  line_tax_cents            INTEGER NOT NULL,
  discount_description      TEXT NOT NULL,
  UNIQUE (order_id, line_index)
);

CREATE TABLE order_unavailable_items (
  order_id                  TEXT NOT NULL REFERENCES orders(id),
  product_id                TEXT NOT NULL,
  requested_quantity_milli  INTEGER NOT NULL,
  available_quantity_milli  INTEGER NOT NULL,
  reason                    TEXT NOT NULL
);
CREATE INDEX order_unavailable_order ON order_unavailable_items(order_id);

CREATE TABLE order_status_history (
  id          INTEGER PRIMARY KEY AUTOINCREMENT,
  order_id    TEXT NOT NULL REFERENCES orders(id),
  from_status TEXT,
  to_status   TEXT NOT NULL,
  actor       TEXT NOT NULL,
  at          TEXT NOT NULL
);
CREATE INDEX order_status_history_order ON order_status_history(order_id);

CREATE TABLE idempotency_keys (
  api_client_id   TEXT NOT NULL,
  idempotency_key TEXT NOT NULL,
  request_hash    TEXT NOT NULL,
  status_code     INTEGER NOT NULL,
  response_json   TEXT NOT NULL,
  created_at      TEXT NOT NULL,
  PRIMARY KEY (api_client_id, idempotency_key)
);

CREATE TABLE applications (
  name        TEXT PRIMARY KEY,
  disabled    INTEGER NOT NULL DEFAULT 0,
  created_at  TEXT NOT NULL
);

CREATE TABLE users (
  id              TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  username        TEXT NOT NULL UNIQUE,
  display_name    TEXT NOT NULL,
  employee_ref    TEXT,
  password_hash   TEXT NOT NULL,
  role            TEXT NOT NULL,
  disabled        INTEGER NOT NULL DEFAULT 0,
  failed_logins   INTEGER NOT NULL DEFAULT 0,
  locked_until    TEXT,
  created_at      TEXT NOT NULL
);

-- Access tokens (staff logins and partner exchanges); only a SHA-256 of the token is stored.
CREATE TABLE access_tokens (
  token_hash      TEXT PRIMARY KEY,
  subject_kind    TEXT NOT NULL,
  subject_id      TEXT NOT NULL,
  organization_id TEXT NOT NULL,
  role            TEXT NOT NULL,
  expires_at      TEXT NOT NULL,
  created_at      TEXT NOT NULL
);
CREATE INDEX access_tokens_expiry ON access_tokens(expires_at);

CREATE TABLE api_clients (
  client_id       TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  name            TEXT NOT NULL,
  secret_hash     TEXT NOT NULL,
  disabled        INTEGER NOT NULL DEFAULT 0,
  created_at      TEXT NOT NULL
);

CREATE TABLE partners (
  cert_id         TEXT PRIMARY KEY,
  organization_id TEXT NOT NULL REFERENCES organizations(id),
  name            TEXT NOT NULL,
  public_key_pem  TEXT NOT NULL,
  algorithm       TEXT NOT NULL,
  disabled        INTEGER NOT NULL DEFAULT 0,
  created_at      TEXT NOT NULL
);

CREATE TABLE used_jwt_ids (
  cert_id     TEXT NOT NULL,
  jti         TEXT NOT NULL,
  expires_at  TEXT NOT NULL,
  PRIMARY KEY (cert_id, jti)
);
`;

export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'initial', sql: initial },
  { version: 2, name: 'payments', sql: PAYMENTS_MIGRATION_SQL },
];
