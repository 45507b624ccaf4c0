/**
 * The words of the widget's buttons that more than one screen offers: one action, one label,
 * wherever it shows (a decline, a cancel, a form, "pay the cashier"; the PIN pad, the paylink).
 */

/** Back to the choice of method (a decline, a form, "pay the cashier") or the same payment again after a cancel. */
export const CHOOSE_ANOTHER_WAY = 'Choose another way to pay';

/** Cancels the payment under way (the PIN pad, the bank payment). */
export const CANCEL_PAYMENT = 'Cancel payment';
