import type { NewProcessorInput, ProcessorView } from '../../../shared/contracts/setup.js';
import { invalidInput } from '../../../shared/errors.js';
import { ProcessorsRepository, type ProcessorRecord } from '../payments/store/processors-repository.js';
import {
  requireOperator,
  requireOrganizationWide,
  requirePermission,
  type SetupActor,
} from '../dispensaries/setup-actor.js';
import type { StoreAccess } from '../dispensaries/store-access.js';

/** A processor as managers see it: never its API key. */
export function toProcessorView(processor: ProcessorRecord): ProcessorView {
  const settings = processor.settings as { merchantId?: string; gatewayUrl?: string | null };
  return {
    id: processor.id,
    name: processor.name,
    kind: processor.kind,
    isDefault: processor.isDefault,
    merchantId: settings.merchantId ?? null,
    gatewayUrl: settings.gatewayUrl ?? null,
  };
}

/** What adding a processor takes, however it is asked for (command line or back office). */
export interface ProcessorRequest extends NewProcessorInput {
  timeoutMs?: number;
}

/**
 * The payment processors of a store's organization (the entity of the spec): every store of it
 * shares them, so only organization-wide managers add them or change the default; a store's
 * manager sees them to choose methods and PIN pads.
 */
export class ProcessorSetup {
  readonly processors: ProcessorsRepository;

  constructor(private readonly access: StoreAccess) {
    this.processors = new ProcessorsRepository(access.db);
  }

  /** The processors of the organization of store `shortName`, default first. */
  async list(actor: SetupActor, shortName: string): Promise<ProcessorRecord[]> {
    const store = await this.access.store(actor, shortName);
    return this.processors.list(this.access.db, store.organizationId);
  }

  /** Every processor of every organization, or of one, for the operator's command line. */
  listEverywhere(actor: SetupActor, organizationId?: string): Promise<ProcessorRecord[]> {
    requireOperator(actor);
    return this.processors.list(this.access.db, organizationId);
  }

  /** Whether the actor may add processors and choose the default for store `shortName`'s organization. */
  async mayAdd(actor: SetupActor, shortName: string): Promise<boolean> {
    await this.access.store(actor, shortName);
    return actor.kind === 'operator' || actor.principal.dispensaryId === null;
  }

  /** Adds a processor to an organization (`organizationId`: the command line names it). */
  async add(actor: SetupActor, organizationId: string, input: ProcessorRequest): Promise<ProcessorRecord> {
    requirePermission(actor, 'store:manage');
    requireOrganizationWide(actor, organizationId, 'adding a payment processor');
    if (input.kind === 'paynet' && !input.apiKey) throw invalidInput('apiKey', 'is required for a paynet processor');
    const settings = {
      ...(input.gatewayUrl ? { gatewayUrl: input.gatewayUrl } : {}),
      ...(input.merchantId ? { merchantId: input.merchantId } : {}),
      ...(input.apiKey ? { apiKey: input.apiKey } : {}),
      ...(input.timeoutMs !== undefined ? { timeoutMs: input.timeoutMs } : {}),
    };
    const { name, kind } = input;
    return this.access.db.write((tx) =>
      this.processors.add(
        tx,
        { organizationId, name, kind, settings, isDefault: input.isDefault === true },
        this.access.now(),
      ),
    );
  }

  /** Adds a processor to the organization of store `shortName` (the back office). */
  async addForStore(actor: SetupActor, shortName: string, input: ProcessorRequest): Promise<ProcessorRecord> {
    const store = await this.access.store(actor, shortName);
    return this.add(actor, store.organizationId, input);
  }

  /** Makes `name` the organization's default processor: it wins when several offer a method. */
  async setDefault(actor: SetupActor, organizationId: string, name: string): Promise<ProcessorRecord> {
    requirePermission(actor, 'store:manage');
    requireOrganizationWide(actor, organizationId, 'choosing the default processor');
    return this.access.db.write((tx) => this.processors.setDefault(tx, organizationId, name));
  }

  async setDefaultForStore(actor: SetupActor, shortName: string, name: string): Promise<ProcessorRecord> {
    const store = await this.access.store(actor, shortName);
    return this.setDefault(actor, store.organizationId, name);
  }
}
