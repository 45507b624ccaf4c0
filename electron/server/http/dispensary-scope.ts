import type { FastifyRequest } from 'fastify';
import { ServicePayError } from '../../../shared/errors.js';
import type { Dispensary, DispensaryRepository } from '../catalog/dispensary-repository.js';

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
  if (!dispensary) throw new ServicePayError('NOT_FOUND', `no dispensary with short name "${shortName}"`);
  const organizationId = request.principal?.organizationId ?? request.apiClient?.organizationId;
  const stores = [request.principal?.dispensaryId, request.apiClient?.dispensaryId];
  if (
    organizationId !== dispensary.organizationId ||
    stores.some((store) => store !== undefined && store !== null && store !== dispensary.id)
  ) {
    throw new ServicePayError('FORBIDDEN', `you are not permitted to act for dispensary "${shortName}"`);
  }
  return dispensary;
}
