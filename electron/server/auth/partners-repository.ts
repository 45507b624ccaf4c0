import { createPublicKey, randomUUID, type KeyObject } from 'node:crypto';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import type { Db } from '../db/database.js';

/** The JWS algorithms partners may sign with. */
export type PartnerAlgorithm = 'RS256' | 'ES256';

/** A registered partner (v3 auth): its public key and the organization it acts for. */
export interface PartnerRecord {
  certId: string;
  organizationId: string;
  name: string;
  publicKeyPem: string;
  algorithm: PartnerAlgorithm;
  disabled: boolean;
  createdAt: string;
}

type Row = Omit<PartnerRecord, 'disabled'> & { disabled: number };
const COLUMNS = `cert_id AS certId, organization_id AS organizationId, name, public_key_pem AS publicKeyPem,
  algorithm, disabled, created_at AS createdAt`;

/** Which algorithm a public key is for: RSA of 2048 bits or more → RS256, EC P-256 → ES256. */
export function algorithmOf(publicKeyPem: string): PartnerAlgorithm {
  let key: KeyObject;
  try {
    key = createPublicKey(publicKeyPem);
  } catch {
    throw invalidInput('publicKey', 'is not a PEM public key');
  }
  const details = key.asymmetricKeyDetails ?? {};
  if (key.asymmetricKeyType === 'rsa' && (details.modulusLength ?? 0) >= 2048) return 'RS256';
  if (key.asymmetricKeyType === 'ec' && details.namedCurve === 'prime256v1') return 'ES256';
  throw invalidInput('publicKey', 'must be an RSA key of at least 2048 bits (RS256) or an EC P-256 key (ES256)');
}

/** Partners and the JWT ids they have used (each JWT is accepted once). */
export class PartnersRepository {
  private readonly statements;

  constructor(db: Db) {
    this.statements = {
      find: db.prepare<[string], Row>(`SELECT ${COLUMNS} FROM partners WHERE cert_id = ?`),
      all: db.prepare<[], Row>(`SELECT ${COLUMNS} FROM partners ORDER BY created_at, cert_id`),
      insert: db.prepare(`INSERT INTO partners (cert_id, organization_id, name, public_key_pem, algorithm, created_at)
        VALUES (@certId, @organizationId, @name, @publicKeyPem, @algorithm, @createdAt)`),
      orgExists: db.prepare<[string]>('SELECT 1 FROM organizations WHERE id = ?'),
      disable: db.prepare<[string]>('UPDATE partners SET disabled = 1 WHERE cert_id = ?'),
      useJti: db.prepare<[string, string, string]>(
        'INSERT INTO used_jwt_ids (cert_id, jti, expires_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
      ),
      purgeJtis: db.prepare<[string]>('DELETE FROM used_jwt_ids WHERE expires_at <= ?'),
    };
  }

  find(certId: string): PartnerRecord | undefined {
    const row = this.statements.find.get(certId);
    return row && { ...row, disabled: row.disabled === 1 };
  }

  list(): PartnerRecord[] {
    return this.statements.all.all().map((row) => ({ ...row, disabled: row.disabled === 1 }));
  }

  /** Registers a public key and issues the partner's certId. */
  register(input: { name: string; organizationId: string; publicKeyPem: string }, now: Date): PartnerRecord {
    const name = input.name.trim();
    if (!name) throw invalidInput('name', 'is required');
    const algorithm = algorithmOf(input.publicKeyPem);
    if (!this.statements.orgExists.get(input.organizationId)) {
      throw invalidInput('organizationId', `does not name an organization: ${input.organizationId}`);
    }
    const certId = randomUUID();
    this.statements.insert.run({
      certId,
      organizationId: input.organizationId,
      name,
      publicKeyPem: input.publicKeyPem.trim(),
      algorithm,
      createdAt: now.toISOString(),
    });
    return this.find(certId)!;
  }

  disable(certId: string): void {
    if (this.statements.disable.run(certId).changes !== 1)
      throw new ServicePayError('NOT_FOUND', `no partner ${certId}`);
  }

  /** Records a JWT id until it expires; false when it was already used (a replay). */
  useJwtId(certId: string, jti: string, expiresAt: Date): boolean {
    return this.statements.useJti.run(certId, jti, expiresAt.toISOString()).changes === 1;
  }

  purgeJwtIds(now: Date): number {
    return this.statements.purgeJtis.run(now.toISOString()).changes;
  }
}
