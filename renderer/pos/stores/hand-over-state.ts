import type { ComputedRef, Ref, ShallowRef } from 'vue';
import type { QueueOrder } from '../../../shared/contracts/pickup';
import type { IdNeed } from '../logic/hand-over';
import { DISPENSARY } from './catalog';

/** The store's tickets, as the hand-over's calls name them. */
export const TICKETS = `/v2.0/dispensary/${DISPENSARY}/ecommerce/ticket`;

/** The hand-over's state its parts read and move (the hand-over store, hand-over.ts, owns it). */
export interface HandOverState {
  order: ShallowRef<QueueOrder | null>;
  need: ShallowRef<IdNeed>;
  /** The ID check passed for this order (or none is needed). */
  idChecked: Ref<boolean>;
  /** Who checked the ID of an order opened again and when, or why it is asked again ('' for none). */
  idNote: Ref<string>;
  /** The hand-over is what the checkout shows. */
  active: ComputedRef<boolean>;
}
