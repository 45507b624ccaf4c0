import type { FastifyRequest } from 'fastify';
import { ServicePayError } from '../../../shared/errors.js';
import type { Dispensary, DispensaryRepository } from '../catalog/dispensary-repository.js';

/**
 * The dispensary named in the path, if the caller may act on it: unknown short names are 404, a
 * dispensary of another organization is 403.
 */
export function dispensaryInScope(
  dispensaries: DispensaryRepository,
  shortName: string,
  request: FastifyRequest,
): Dispensary {
  const dispensary = dispensaries.findByShortName(shortName);
  if (!dispensary) throw new ServicePayError('NOT_FOUND', `no dispensary with short name "${shortName}"`);
  const organizationId = request.principal?.organizationId ?? request.apiClient?.organizationId;
  if (organizationId !== dispensary.organizationId) {
    throw new ServicePayError('FORBIDDEN', `you are not permitted to act for dispensary "${shortName}"`);
  }
  return dispensary;
}
