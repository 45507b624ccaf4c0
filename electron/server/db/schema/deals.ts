import type { Generated } from 'kysely';
import type { Flag } from './flag.js';

/** A store's deal (migration 043; shared/deals/deal.ts): looked-up fields as columns, the rest JSON. */
export interface DealsTable {
  id: string;
  dispensary_id: string;
  name: string;
  kind: string;
  trigger: string;
  /** Upper case; null for a deal that is not unlocked by a code. */
  code: string | null;
  exclusive: Generated<Flag>;
  priority: Generated<number>;
  per_customer_limit: number | null;
  total_limit: number | null;
  active: Generated<Flag>;
  /** JSON: the rest of the `Deal` (rates, prices, scope, schedule, groups, breaks). */
  definition: string;
  created_at: string;
  updated_at: string;
  /** When it was archived (kept for the sales that name it); null: in use. */
  archived_at: string | null;
}
