import { invalidInput } from '../../../shared/errors.js';
import { OrganizationRepository } from '../../server/dispensaries/organization-repository.js';
import type { CliContext } from '../cli-context.js';

/**
 * How a listing names the store a login, a client or an endpoint belongs to: its name ("Green Valley
 * Dispensary"), not the short name the API answers with; `everyStore` for one of the whole
 * organization (a short name of null).
 */
export async function storeNamer(cli: CliContext, everyStore: string): Promise<(shortName: string | null) => string> {
  const names = new Map((await cli.setup.access.dispensaries.list()).map((store) => [store.shortName, store.name]));
  return (shortName) => (shortName === null ? everyStore : (names.get(shortName) ?? shortName));
}

/** Each organization's name by its id: a listing names the organization beside the id commands take. */
export async function organizationNames(cli: Pick<CliContext, 'db'>): Promise<Map<string, string>> {
  return new Map((await new OrganizationRepository(cli.db).list(cli.db)).map((org) => [org.id, org.name]));
}

/**
 * Where a new login, client or endpoint belongs, as typed: one store (`--dispensary`) or every store
 * of an organization (`--org`). Neither is refused here by the options' names: the service names its
 * fields ("dispensary or organization is required").
 */
export function belongingOf(o: { org?: string; dispensary?: string }): { organizationId?: string; shortName?: string } {
  if (o.org === undefined && o.dispensary === undefined) {
    throw invalidInput('--dispensary', 'or --org is required: where does it belong?');
  }
  return { organizationId: o.org, shortName: o.dispensary };
}
