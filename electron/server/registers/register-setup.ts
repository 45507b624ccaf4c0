import type { EnrolledRegister, ForwardExceptionView, RegisterView } from '../../../shared/contracts/registers.js';
import { invalidInput, ServicePayError } from '../../../shared/errors.js';
import { isTerminalId, TERMINAL_ID_RULE } from '../../../shared/terminal-id.js';
import { AuditRepository } from '../core/audit-repository.js';
import { auditActor, OPERATOR_ACTOR } from '../core/audit-actor.js';
import { randomSecret, sha256 } from '../auth/secrets.js';
import type { Dispensary } from '../dispensaries/dispensary.js';
import { timeOrderedUuid } from '../db/ids.js';
import type { Queryable } from '../db/query.js';
import type { SetupActor } from '../dispensaries/setup-actor.js';
import type { StoreAccess } from '../dispensaries/store-access.js';
import { drawerLeftOpen } from './enrol-notice.js';
import { ForwardExceptions } from './forward-exceptions.js';
import { ServerLinkRepository } from './server-link-repository.js';
import { RegistersRepository, type RegisterRecord } from './registers-repository.js';

const toView = ({ registerId, name, enrolledBy, enrolledAt, lastSeenAt, revokedAt }: RegisterRecord): RegisterView => ({
  registerId,
  name,
  enrolledBy,
  enrolledAt,
  lastSeenAt,
  revokedAt,
});

/**
 * The registers attached to a store server (README "Attaching registers"): a manager enrolls one
 * (the register's own credentials, shown once), lists the store's registers and revokes one. The
 * back office's set-up routes and the `servicepay registers` command both call it.
 */
export class RegisterSetup {
  readonly registers: RegistersRepository;
  private readonly audit: AuditRepository;
  private readonly forwardExceptions: ForwardExceptions;
  /** This service's own link to a store server (there is one when it is an attached register). */
  private readonly link: ServerLinkRepository;

  constructor(private readonly access: StoreAccess) {
    this.registers = new RegistersRepository(access.serverOnlyDb);
    this.audit = new AuditRepository(access.serverOnlyDb);
    this.forwardExceptions = new ForwardExceptions(access.serverOnlyDb);
    this.link = new ServerLinkRepository(access.serverOnlyDb);
  }

  /**
   * A register attached to a store server is not one: registers attached to it would sell under a
   * register its server does not list (their sales forwarded through it, never revocable there).
   */
  private async refuseOnARegister(name: string): Promise<void> {
    const link = await this.link.get(this.access.serverOnlyDb);
    if (!link) return;
    throw new ServicePayError(
      'CONFLICT',
      `this is a register attached to the store server at ${link.serverUrl}, not a store server: ` +
        `attach register ${name} to that server instead`,
    );
  }

  async list(actor: SetupActor, shortName: string): Promise<RegisterView[]> {
    const store = await this.access.store(actor, shortName);
    return (await this.registers.ofStore(this.access.serverOnlyDb, store.id)).map(toView);
  }

  /**
   * Enrolls register `name` at the store: new credentials, which replace those of a register of that
   * name enrolled before (a register reinstalled, or one revoked and attached again). The answer's
   * `notice` says what is left to do: a drawer shift of that name still open here.
   */
  async enroll(actor: SetupActor, shortName: string, name: string): Promise<EnrolledRegister> {
    if (!isTerminalId(name)) {
      throw invalidInput('name', `must be a register name: ${TERMINAL_ID_RULE}`);
    }
    await this.refuseOnARegister(name);
    const store = await this.access.store(actor, shortName);
    const now = this.access.now();
    const secret = randomSecret('spr_');
    const registerId = await this.access.serverOnlyDb.write(async (tx) => {
      const existing = await this.registers.named(tx, store.id, name);
      const enrollment = {
        registerId: existing?.registerId ?? timeOrderedUuid(now.getTime()),
        dispensaryId: store.id,
        name,
        secretHash: sha256(secret),
        enrolledBy: actor.kind === 'staff' ? actor.principal.subjectId : OPERATOR_ACTOR.name,
        enrolledAt: now.toISOString(),
      };
      await this.registers.enroll(tx, enrollment, existing !== undefined);
      await this.record(tx, 'register_enrolled', actor, store, now, `Register ${name}`);
      return enrollment.registerId;
    });
    const register = (await this.registers.find(this.access.serverOnlyDb, registerId))!;
    const dispensary = { id: store.id, shortName: store.shortName, name: store.name };
    const notice = await drawerLeftOpen(this.access.serverOnlyDb, store, name);
    const enrolled = { resultCode: 'SUCCESS' as const, resultReason: null, register: toView(register), secret };
    return { ...enrolled, dispensary, ...(notice ? { notice } : {}) };
  }

  /** Revokes a register: its credentials are refused from its next request on. */
  async revoke(actor: SetupActor, shortName: string, registerId: string): Promise<RegisterView> {
    const store = await this.access.store(actor, shortName);
    const now = this.access.now();
    await this.access.serverOnlyDb.write(async (tx) => {
      const register = await this.registers.find(tx, registerId);
      if (!register || register.dispensaryId !== store.id) {
        throw new ServicePayError('NOT_FOUND', `no register ${registerId} at ${store.name}`);
      }
      if (!(await this.registers.revoke(tx, registerId, now))) {
        throw new ServicePayError('CONFLICT', `register ${register.name} is already revoked`);
      }
      await this.record(tx, 'register_revoked', actor, store, now, `Register ${register.name}`);
    });
    return toView((await this.registers.find(this.access.serverOnlyDb, registerId))!);
  }

  /** What the store must look at after its registers' sales were forwarded, newest first. */
  async exceptions(actor: SetupActor, shortName: string): Promise<ForwardExceptionView[]> {
    const store = await this.access.store(actor, shortName);
    const rows = await this.forwardExceptions.list(this.access.serverOnlyDb, store.id);
    return rows.map(({ registerId, registerName, seq, kind, orderId, packageId, detail, at, id }) => ({
      id,
      registerId,
      registerName,
      seq,
      kind,
      orderId,
      packageId,
      detail,
      at,
    }));
  }

  private record(
    tx: Queryable,
    action: 'register_enrolled' | 'register_revoked',
    actor: SetupActor,
    store: Dispensary,
    at: Date,
    reason: string,
  ) {
    const audit = actor.kind === 'staff' ? auditActor(actor.principal) : OPERATOR_ACTOR;
    return this.audit.record(tx, {
      action,
      actor: audit,
      organizationId: store.organizationId,
      dispensaryId: store.id,
      at,
      reason,
    });
  }
}
