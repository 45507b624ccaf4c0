/**
 * On a store server: the loyalty points an attached register holds for a sale it is writing
 * (migration 062), one row per sale, named by the sale's order id.
 */
export interface PointsHoldsTable {
  /** The id of the order the register writes with it. */
  id: string;
  dispensary_id: string;
  /** The server's id of the customer whose points it holds. */
  customer_id: string;
  register_id: string;
  points: number;
  created_at: string;
  expires_at: string;
}
