import { dealTotals, type LineDiscount } from '../../../shared/deals/engine.js';
import type { CashFlows } from '../../../shared/cash/expected-cash.js';
import type { MethodSales, ShiftSales } from '../../../shared/contracts/cash.js';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../shared/contracts/payment.js';
import { sumLayers, type TaxLayer } from '../../../shared/tax-layers.js';

/** The payments of a shift summed by method, status and how they were entered (cents). */
export interface PaymentGroup {
  method: string;
  entry: string;
  status: string;
  count: number;
  amount: number;
  tip: number;
  cashback: number;
  tendered: number;
  change: number;
}

/** The approved refunds handed out in a shift, summed by the refunded payment's method and entry. */
export interface RefundGroup {
  method: string;
  entry: string;
  count: number;
  amount: number;
}

/** The orders whose (closing) payment completed in a shift. */
export interface SoldOrders {
  sales: number;
  /** Distinct customers on file, and sales with none (each counts as one customer). */
  identified: number;
  anonymous: number;
  /** Sums of the orders' discount, tier discount and reward-dollar columns (zero or negative). */
  discount: number;
  rewardDollars: number;
  /**
   * The orders' taxes by layer (JSON) with how many orders split their tax that way; `layers` null for
   * orders priced before layers were kept (their tax alone).
   */
  taxes: { layers: string | null; tax: number; orders: number }[];
  /** What each deal took off each line of those orders. */
  deals: LineDiscount[];
}

/** The payment side of a shift's cash: what the expected-cash rule takes from payments and refunds. */
export type PaymentCash = Pick<CashFlows, 'cashTendered' | 'changeGiven' | 'cashBack' | 'cashRefunds'>;

const MONEY_KEPT = new Set(['approved', 'refunded']);

const emptyMethod = (method: PaymentMethod): MethodSales => ({
  method,
  count: 0,
  amount: 0,
  tip: 0,
  cashback: 0,
  refundCount: 0,
  refunded: 0,
  voidCount: 0,
  voided: 0,
});

/**
 * The cash a shift's payments moved: cash tendered and change of approved (or since refunded) cash
 * payments, cash back of approved cashless ATM payments, and refunds of cash payments handed out.
 * Voided payments moved no cash (a cash payment is voided only while its shift is open).
 */
export function paymentCash(payments: readonly PaymentGroup[], refunds: readonly RefundGroup[]): PaymentCash {
  const kept = payments.filter((group) => MONEY_KEPT.has(group.status));
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  return {
    cashTendered: sum(kept.filter((g) => g.entry === 'cash').map((g) => g.tendered)),
    changeGiven: sum(kept.filter((g) => g.entry === 'cash').map((g) => g.change)),
    cashBack: sum(kept.map((g) => g.cashback)),
    cashRefunds: sum(refunds.filter((g) => g.entry === 'cash').map((g) => g.amount)),
  };
}

/** The sales side of a shift's X or Z report, from its payments, refunds and sold orders. */
export function shiftSales(
  payments: readonly PaymentGroup[],
  refunds: readonly RefundGroup[],
  orders: SoldOrders,
): ShiftSales {
  const byMethod = new Map<string, MethodSales>();
  const of = (method: string) => {
    let sales = byMethod.get(method);
    if (!sales) byMethod.set(method, (sales = emptyMethod(method as PaymentMethod)));
    return sales;
  };
  for (const group of payments) {
    const sales = of(group.method);
    if (MONEY_KEPT.has(group.status)) {
      sales.count += group.count;
      sales.amount += group.amount;
      sales.tip += group.tip;
      sales.cashback += group.cashback;
    } else if (group.status === 'voided') {
      sales.voidCount += group.count;
      sales.voided += group.amount + group.tip + group.cashback;
    }
  }
  for (const group of refunds) {
    const sales = of(group.method);
    sales.refundCount += group.count;
    sales.refunded += group.amount;
  }
  const methods = [...byMethod.values()]
    .filter((sales) => sales.count + sales.refundCount + sales.voidCount > 0)
    .sort((a, b) => PAYMENT_METHODS.indexOf(a.method) - PAYMENT_METHODS.indexOf(b.method));
  return {
    byMethod: methods,
    sales: orders.sales,
    customers: orders.identified + orders.anonymous,
    taxes: sumLayers(orders.taxes.flatMap(orderLayers))
      .filter((layer) => layer.amount !== 0)
      .sort((a, b) => a.name.localeCompare(b.name)),
    discounts: 0 - orders.discount,
    ...dealDiscountsOf(orders.deals),
    rewardDollars: 0 - orders.rewardDollars,
    tips: methods.reduce((total, sales) => total + sales.tip, 0),
  };
}

/** The deals' discounts added up by deal, biggest first; nothing when no deal applied. */
function dealDiscountsOf(lines: readonly LineDiscount[]): Pick<ShiftSales, 'dealDiscounts'> {
  if (lines.length === 0) return {};
  return { dealDiscounts: dealTotals(lines).map(({ name, amountCents }) => ({ name, amount: amountCents })) };
}

function orderLayers(split: SoldOrders['taxes'][number]): TaxLayer[] {
  const layers =
    split.layers === null ? [{ name: 'Tax', amount: split.tax }] : (JSON.parse(split.layers) as TaxLayer[]);
  return layers.map((layer) => ({ name: layer.name, amount: layer.amount * split.orders }));
}
