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
