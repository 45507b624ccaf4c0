import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { EnrolledRegister } from '../../../shared/contracts/registers.js';

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
  return { enrolled, authorization: `Basic ${Buffer.from(`${register.registerId}:${secret}`).toString('base64')}` };
}
