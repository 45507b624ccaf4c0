import type { FastifyRequest } from 'fastify';
import { ServicePayError } from '../../../shared/errors.js';
import type { DispensaryRepository } from './dispensary-repository.js';
import type { Dispensary } from './dispensary.js';

/** How far someone reaches among stores: their organization, and the stores they are limited to. */
export interface StoreReach {
  organizationId: string | undefined;
  /** Each limit a login or an API client sets (none: every store of the organization). */
  limitedTo: readonly (string | null | undefined)[];
}

/**
 * The one check of store access: `reach` may act for `dispensary` when it is of their organization
 * and within every store limit they have; FORBIDDEN otherwise. The API (`dispensaryInScope`) and
 * the set-up screens (`requireStore`) both ask it.
 */
export function requireReach(reach: StoreReach, dispensary: Pick<Dispensary, 'id' | 'organizationId' | 'shortName'>) {
  const limited = reach.limitedTo.some((store) => store !== undefined && store !== null && store !== dispensary.id);
  if (reach.organizationId !== dispensary.organizationId || limited) {
    throw new ServicePayError('FORBIDDEN', `you are not permitted to act for dispensary "${dispensary.shortName}"`);
  }
}

/**
 * The dispensary named in the path, if the caller may act on it: unknown short names are 404; a
 * dispensary of another organization, or another store than the one the caller's login or API
 * client is limited to, is 403.
 */
export async function dispensaryInScope(
  dispensaries: DispensaryRepository,
  shortName: string,
  request: FastifyRequest,
): Promise<Dispensary> {
  const dispensary = await dispensaries.findByShortName(shortName);
  if (!dispensary) throw new ServicePayError('NOT_FOUND', await unknownStoreWords(dispensaries, shortName));
  requireReach(
    {
      organizationId: request.principal?.organizationId ?? request.apiClient?.organizationId,
      limitedTo: [request.principal?.dispensaryId, request.apiClient?.dispensaryId],
    },
    dispensary,
  );
  return dispensary;
}

/** "no dispensary with short name "DEMO" (short names are lowercase: "demo")": the 404's words, with the name meant when only its case was wrong. */
async function unknownStoreWords(dispensaries: DispensaryRepository, shortName: string): Promise<string> {
  const words = `no dispensary with short name "${shortName}"`;
  const lower = shortName.toLowerCase();
  if (lower === shortName || !(await dispensaries.findByShortName(lower))) return words;
  return `${words} (short names are lowercase: "${lower}")`;
}
