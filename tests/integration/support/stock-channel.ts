import { expect } from 'vitest';
import type { ProductStock, StockChange } from '../../../shared/contracts/live.js';
import type { SseFrame } from '../../../shared/sse.js';
import { pumpSse } from '../../support/sse-pump.js';

/** How long a move may take to be told before a wait for it fails, saying what it waited for. */
const TOLD_WITHIN_MS = 8_000;

/** The `stock.changed` events of a store's live channel, as a POS following its `catalog` topic hears them. */
export interface StockChannel {
  /** The next figures told for `productId` that `match` (those of an earlier move go by). */
  figuresOf(productId: string, match: (figures: ProductStock) => boolean): Promise<ProductStock>;
  /** The `stock.changed` events that arrived, in order. */
  changes: StockChange[];
  close(): Promise<void>;
}

/** Follows `<baseUrl>/v2.0/dispensary/<store>/live?topics=catalog` with `token`, over a real socket. */
export async function stockChannel(baseUrl: string, token: string, store = 'demo'): Promise<StockChannel> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/v2.0/dispensary/${store}/live?topics=catalog`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  const changes: StockChange[] = [];
  let waiting: ((change: StockChange) => boolean)[] = [];
  const pump = pumpSse(response, (frames: SseFrame[]) => {
    for (const frame of frames.filter((one) => one.event === 'stock.changed')) {
      const change = JSON.parse(frame.data) as StockChange;
      changes.push(change);
      waiting = waiting.filter((settles) => !settles(change));
    }
  });
  const figuresOf = (productId: string, match: (figures: ProductStock) => boolean) =>
    new Promise<ProductStock>((resolve, reject) => {
      const deadline = setTimeout(
        () => reject(new Error(`no stock.changed of ${productId} as expected within ${TOLD_WITHIN_MS} ms`)),
        TOLD_WITHIN_MS,
      );
      waiting.push((change) => {
        const figures = change.products.find((one) => one.productId === productId);
        if (!figures || !match(figures)) return false;
        clearTimeout(deadline);
        resolve(figures);
        return true;
      });
    });
  return {
    changes,
    figuresOf,
    close: async () => {
      controller.abort();
      await pump;
    },
  };
}
