import type { AvailableMethod } from '../../../shared/contracts/payment';
import type { WidgetOptions } from '../protocol';

/** A method as the widget offers it: the service's entry plus init's `message` rule, if any. */
export interface OfferedMethod extends AvailableMethod {
  /** `disablePaymentMethods` `message` (ecommerce): choosing it shows this text instead of paying. */
  disabledMessage: string | null;
}

/** How many methods are shown before "Others". */
const PRIMARY_COUNT = 3;
/** The order methods are offered in: cards first; cashless ATM last, behind "Others" when there are many. */
const ORDER = ['Credit', 'Debit', 'ACH', 'Cash', 'ATM'];

/**
 * Applies init's `disablePaymentMethods` to the methods the service allows (docs/payments.md,
 * "Which methods the widget offers", rule 4): `hidden` removes a method; `message` keeps it in
 * the ecommerce channel and hides it elsewhere.
 */
export function offeredMethods(methods: AvailableMethod[], options: WidgetOptions): OfferedMethod[] {
  const offered: OfferedMethod[] = [];
  for (const method of methods) {
    const rule = options.disablePaymentMethods.find((candidate) => candidate.paymentMethod === method.paymentMethod);
    if (rule?.action === 'hidden') continue;
    if (rule?.action === 'message' && options.channel !== 'ecommerce') continue;
    const message = rule?.action === 'message' ? (rule.message ?? `${method.label} is not available.`) : null;
    offered.push({ ...method, disabledMessage: message });
  }
  return offered.sort((a, b) => ORDER.indexOf(a.paymentMethod) - ORDER.indexOf(b.paymentMethod));
}

/** The few methods shown first and the rest, revealed by "Others" (never for a single one: it is shown). */
export function splitPrimary(methods: OfferedMethod[]): { primary: OfferedMethod[]; others: OfferedMethod[] } {
  if (methods.length <= PRIMARY_COUNT + 1) return { primary: methods, others: [] };
  return { primary: methods.slice(0, PRIMARY_COUNT), others: methods.slice(PRIMARY_COUNT) };
}
