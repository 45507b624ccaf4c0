/**
 * What a margin is taken from (README "Reports"), in words: net sales after returns, less the cost of
 * the goods that did not come back into stock. The Reports screen's Margin report and the CLI's sales
 * report say the same.
 */
export const MARGIN_WORDS =
  'Margin is net sales (after returns) less cost. Cost is what the goods sold cost, less the goods refunds ' +
  'put back in stock: goods given back and not put back still cost the store.';
