import type { ServiceContext } from '../../core/context.js';
import type { ProcessorRecord, ProcessorsRepository } from '../store/processors-repository.js';
import { PaynetProcessor } from './paynet-processor.js';
import type { PaynetSettings } from '../store/processor-settings.js';
import { errorResult, type PaymentProcessor } from './processor.js';
import { SandboxProcessor } from './sandbox-processor.js';
import { SimulatedBooks } from './simulated-books.js';

/** A processor that answers every call with an error: for a payment whose processor row is gone. */
const MISSING: PaymentProcessor = {
  kind: 'missing',
  sale: async () => errorResult('The processor of this payment is no longer configured'),
  authorize: async () => errorResult('The processor of this payment is no longer configured'),
  capture: async () => errorResult('The processor of this payment is no longer configured'),
  void: async () => errorResult('The processor of this payment is no longer configured'),
  refund: async () => errorResult('The processor of this payment is no longer configured'),
  lookup: async () => errorResult('The processor of this payment is no longer configured'),
};

/** Finds the adapter for a configured processor; one per processor and settings. */
export class ProcessorRegistry {
  private readonly sandbox: SandboxProcessor;
  private readonly paynet = new Map<string, { settings: string; processor: PaynetProcessor }>();

  /** @param selfUrl this service's base URL while it listens (the hosted paynet sandbox). */
  constructor(
    private readonly ctx: ServiceContext,
    private readonly processors: ProcessorsRepository,
    private readonly selfUrl: () => string | null,
  ) {
    this.sandbox = new SandboxProcessor(new SimulatedBooks(ctx.db, 'sandbox', 'sbx_', ctx.now));
  }

  forRecord(record: ProcessorRecord): PaymentProcessor {
    if (record.kind === 'sandbox') return this.sandbox;
    const settings = JSON.stringify(record.settings);
    const cached = this.paynet.get(record.id);
    if (cached && cached.settings === settings) return cached.processor;
    const processor = new PaynetProcessor(record.settings as PaynetSettings, this.selfUrl);
    this.paynet.set(record.id, { settings, processor });
    return processor;
  }

  async forId(processorId: string | null): Promise<PaymentProcessor> {
    const record = processorId ? await this.processors.findById(this.ctx.db, processorId) : undefined;
    return record ? this.forRecord(record) : MISSING;
  }
}
