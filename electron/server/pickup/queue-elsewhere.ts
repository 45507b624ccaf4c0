import type { PickupQueue } from '../../../shared/contracts/pickup.js';

/**
 * Where a node that does not keep its store's online orders reads its queue: an attached register
 * asks its store server (registers/ implements it). Undefined where the node keeps them itself.
 */
export interface QueueElsewhere {
  read(dispensaryId: string): Promise<PickupQueue | undefined>;
}
