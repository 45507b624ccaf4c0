import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { EnrolledRegister } from '../../../shared/contracts/registers.js';

/** The `Authorization` header a register sends its store server: Basic, its id and secret. */
export const registerAuthorization = (registerId: string, secret: string): string =>
  `Basic ${Buffer.from(`${registerId}:${secret}`).toString('base64')}`;

/**
 * A register enrolled at the demo store by its manager (`managerToken`), and the `Authorization`
 * header it sends to its store server with the id and secret it was given.
 */
export async function enrolledRegister(
  app: FastifyInstance,
  managerToken: string,
  name: string,
): Promise<{ enrolled: EnrolledRegister; authorization: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/v2.0/dispensary/demo/setup/registers',
    headers: { authorization: `Bearer ${managerToken}` },
    payload: { name },
  });
  expect(response.statusCode, response.body).toBe(200);
  const enrolled = response.json<EnrolledRegister>();
  const { register, secret } = enrolled;
  return { enrolled, authorization: registerAuthorization(register.registerId, secret) };
}
