import type { ServiceContext } from './context.js';

/**
 * Whether this instance runs the store's background sweeps (the pickup expiry, the points expiry):
 * the node that owns the store's rows — a standalone register or a store server, never a register
 * attached to one (its server runs them) — and, of a store server's instances, only the first alive
 * by id, so two never act on the same rows at once.
 */
export async function runsSweeps(ctx: Pick<ServiceContext, 'role' | 'instances'>): Promise<boolean> {
  if (await ctx.role.isRegister()) return false;
  const [first] = [...(await ctx.instances.alive())].sort();
  return first === ctx.instances.id;
}
