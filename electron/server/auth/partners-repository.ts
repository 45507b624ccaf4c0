import { createPublicKey, randomUUID, type KeyObject } from 'node:crypto';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import type { DataLayer } from '../db/data-layer.js';
import type { Builder, Queryable } from '../db/query.js';
import { OrganizationRepository } from '../dispensaries/organization-repository.js';

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

const selectPartners = (k: Builder) =>
  k
    .selectFrom('partners')
    .select([
      'cert_id as certId',
      'organization_id as organizationId',
      'name',
      'public_key_pem as publicKeyPem',
      'algorithm',
      'disabled',
      'created_at as createdAt',
    ]);

type Row = Awaited<ReturnType<ReturnType<typeof selectPartners>['executeTakeFirstOrThrow']>>;
const toRecord = (row: Row): PartnerRecord => ({
  ...row,
  algorithm: row.algorithm as PartnerAlgorithm,
  disabled: row.disabled === 1,
});

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
  private readonly q;
  private readonly organizations: OrganizationRepository;

  constructor(db: DataLayer) {
    this.organizations = new OrganizationRepository(db);
    this.q = {
      find: db.prepare((k, p: { certId: string }) => selectPartners(k).where('cert_id', '=', p.certId)),
      all: db.prepare((k) => selectPartners(k).orderBy('created_at').orderBy('cert_id')),
      insert: db.prepare((k, p: Omit<PartnerRecord, 'disabled'>) =>
        k.insertInto('partners').values({
          cert_id: p.certId,
          organization_id: p.organizationId,
          name: p.name,
          public_key_pem: p.publicKeyPem,
          algorithm: p.algorithm,
          created_at: p.createdAt,
        }),
      ),
      disable: db.prepare((k, p: { certId: string }) =>
        k.updateTable('partners').set({ disabled: 1 }).where('cert_id', '=', p.certId),
      ),
      useJti: db.prepare((k, p: { certId: string; jti: string; expiresAt: string }) =>
        k
          .insertInto('used_jwt_ids')
          .values({ cert_id: p.certId, jti: p.jti, expires_at: p.expiresAt })
          .onConflict((conflict) => conflict.columns(['cert_id', 'jti']).doNothing()),
      ),
      purgeJtis: db.prepare((k, p: { now: string }) => k.deleteFrom('used_jwt_ids').where('expires_at', '<=', p.now)),
    };
  }

  async find(q: Queryable, certId: string): Promise<PartnerRecord | undefined> {
    const row = await q.first(this.q.find, { certId });
    return row && toRecord(row);
  }

  async list(q: Queryable): Promise<PartnerRecord[]> {
    return (await q.all(this.q.all)).map(toRecord);
  }

  /** Registers a public key and issues the partner's certId. */
  async register(
    tx: Queryable,
    input: { name: string; organizationId: string; publicKeyPem: string },
    now: Date,
  ): Promise<PartnerRecord> {
    const name = input.name.trim();
    if (!name) throw invalidInput('name', 'is required');
    const algorithm = algorithmOf(input.publicKeyPem);
    await this.organizations.checkOwner(tx, input.organizationId);
    const certId = randomUUID();
    await tx.run(this.q.insert, {
      certId,
      organizationId: input.organizationId,
      name,
      publicKeyPem: input.publicKeyPem.trim(),
      algorithm,
      createdAt: now.toISOString(),
    });
    return (await this.find(tx, certId))!;
  }

  async disable(tx: Queryable, certId: string): Promise<void> {
    if ((await tx.run(this.q.disable, { certId })) !== 1)
      throw new ServicePayError('NOT_FOUND', `no partner ${certId}`);
  }

  /** Records a JWT id until it expires; false when it was already used (a replay), on any instance. */
  async useJwtId(tx: Queryable, certId: string, jti: string, expiresAt: Date): Promise<boolean> {
    return (await tx.run(this.q.useJti, { certId, jti, expiresAt: expiresAt.toISOString() })) === 1;
  }

  purgeJwtIds(tx: Queryable, now: Date): Promise<number> {
    return tx.run(this.q.purgeJtis, { now: now.toISOString() });
  }
}
