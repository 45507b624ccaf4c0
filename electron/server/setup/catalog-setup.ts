import type { ImportReport } from '../../../shared/contracts/setup-people.js';
import {
  importCatalogFile,
  type ImportOptions,
  type ImportOutcome,
  type UploadedCatalog,
} from '../catalog/import/catalog-import.js';
import type { ImportFormat, ImportProgress } from '../catalog/import/import-types.js';
import { importInWords } from '../catalog/import/import-words.js';
import type { SetupActor } from '../dispensaries/setup-actor.js';
import type { StoreAccess } from '../dispensaries/store-access.js';
import type { StateProfiles } from '../core/state-profiles/state-profiles.js';
import type { CatalogChanged } from '../products/product-admin.js';

/** An import's outcome as the back office shows it: what was written or refused, and what cannot be sold yet. */
export function toImportReport(outcome: ImportOutcome): ImportReport {
  const { rows, seconds, warnings, warningCount, notes, noteCount } = outcome;
  const said = { warnings, warningCount, notes, noteCount };
  const base = { resultCode: 'SUCCESS' as const, resultReason: null, rows, seconds, ...said };
  if (outcome.ok) {
    const { created, updated, kept } = outcome;
    return { ...base, imported: true, created, updated, kept, errorCount: 0, errors: [] };
  }
  const { errorCount, errors } = outcome;
  return { ...base, imported: false, created: 0, updated: 0, kept: [], errorCount, errors };
}

/**
 * The catalog import of a store: a CSV or JSON file, checked row by row against the store's tax
 * classes and stock, then written whole or not at all (catalog/import/). The command line reads a
 * file; the back office uploads one. Same rules either way.
 */
export class CatalogSetup {
  constructor(
    private readonly access: StoreAccess,
    private readonly profiles: StateProfiles,
    private readonly changed: CatalogChanged = () => undefined,
  ) {}

  async import(
    actor: SetupActor,
    shortName: string,
    file: string | UploadedCatalog,
    options: { format?: ImportFormat; onProgress?: ImportProgress } = {},
  ): Promise<ImportOutcome> {
    const store = await this.access.store(actor, shortName);
    const { profiles } = this;
    const now = this.access.now();
    const request: ImportOptions = {
      dispensaryShortName: shortName,
      file,
      now,
      profiles,
      ...options,
      // One event in the import's write: how many products it added and changed, and what it did to stock.
      onWritten: (tx, written) => {
        const words = importInWords(typeof file === 'string' ? file : file.name, written);
        return this.access.audited(tx, 'catalog_imported', actor, store, now, words);
      },
    };
    // The store's products and packages: its registers alone refresh, its POS screens read them again.
    const outcome = await importCatalogFile(this.access.storeDb(store.id), request);
    if (outcome.ok) await this.changed(store.id, []);
    return outcome;
  }
}
