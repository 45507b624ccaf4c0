import { expect } from 'vitest';
import { milliOf, note, quantityOf, type HistoryRun } from './history-operations.js';

/**
 * Operations sent together, without waiting for each other, for the package-history property's
 * races: tickets taking stock, cancels giving it back, adjustments either way and moves, of a few
 * packages at once. Which of them wins is not foreseen (no model): each is answered as a success
 * or a refusal in words, never a 5xx, and the history must explain whatever was kept.
 */
export interface RaceOp {
  kind: 'sell' | 'cancel' | 'adjust' | 'move';
  pick: number;
  /** A sale's units (1–4), an adjustment's steps (−3…3, not 0), or a move's room (0–2). */
  amount: number;
}

const ALLOWED: Record<RaceOp['kind'], readonly number[]> = {
  sell: [201, 409],
  cancel: [200, 409],
  adjust: [200, 400],
  move: [200, 400, 409],
};

export async function race(run: HistoryRun, op: RaceOp): Promise<void> {
  const packages = [...run.model.packages.values()];
  const p = packages[op.pick % packages.length]!;
  const product = run.products.find((candidate) => candidate.id === p.productId)!;
  const named = p.label || p.id;
  const setup = (path: string, payload: unknown) => run.h.call(run.h.tokens.manager, 'POST', path, payload, 'demo');
  let answer;
  if (op.kind === 'sell') {
    answer = await run.h.request({
      method: 'POST',
      url: '/v2.0/dispensary/demo/ecommerce/ticket',
      headers: run.h.headers,
      payload: {
        type: 'PICKUP',
        items: [
          { productId: product.id, quantity: quantityOf(product, milliOf(product, Math.max(1, Math.abs(op.amount)))) },
        ],
      },
    });
    if (answer.statusCode === 201) run.raced.push(answer.json<{ orderId: string }>().orderId);
  } else if (op.kind === 'cancel') {
    if (run.raced.length === 0) return note(run, 'race: nothing to cancel');
    answer = await run.h.request({
      method: 'POST',
      url: `/v2.0/dispensary/demo/ecommerce/ticket/${run.raced[op.pick % run.raced.length]}/cancel`,
      headers: run.h.headers,
    });
  } else if (op.kind === 'adjust') {
    const delta = (op.amount * (product.deli ? 1250 : 1000)) / 1000;
    answer = await setup('/inventory/adjustments', { package: named, delta, reason: run.reasons[0], note: 'Race' });
  } else {
    const room = run.rooms[Math.abs(op.amount) % 3] ?? 'Sales floor';
    answer = await setup('/inventory/moves', { package: named, room });
  }
  expect(ALLOWED[op.kind], `${op.kind} ${JSON.stringify(op)}: ${answer.statusCode} ${answer.body}`).toContain(
    answer.statusCode,
  );
  note(run, `race: ${op.kind} ${answer.statusCode}`);
}
