import { Type, type Static } from 'typebox';
import { SAFE_MAX } from '../../../../shared/numbers.js';
import { PAYMENT_METHODS } from '../../../../shared/contracts/payment.js';

/**
 * The paynet gateway's JSON dialect, shared by its client (paynet-processor.ts) and the sandbox of
 * the gateway this service hosts (paynet-gateway-routes.ts). Amounts are integer cents.
 */

export const PAYNET_SANDBOX_PREFIX = '/paynet-sandbox/v1';

/** States of a paynet transaction. */
export type PaynetState = 'APPROVED' | 'DECLINED' | 'FAILED' | 'VOIDED';

export const PaynetChargeSchema = Type.Object(
  {
    type: Type.Union([Type.Literal('sale'), Type.Literal('authorization')]),
    reference: Type.String({ minLength: 1, maxLength: 64 }),
    amount: Type.Integer({ minimum: 1, maximum: SAFE_MAX }),
    tipAmount: Type.Integer({ minimum: 0, maximum: SAFE_MAX }),
    cashbackAmount: Type.Integer({ minimum: 0, maximum: SAFE_MAX }),
    paymentMethod: Type.Enum(PAYMENT_METHODS),
    terminalId: Type.Union([Type.String(), Type.Null()]),
  },
  { additionalProperties: false },
);
export type PaynetCharge = Static<typeof PaynetChargeSchema>;

export const PaynetAmountSchema = Type.Object(
  {
    amount: Type.Integer({ minimum: 1, maximum: SAFE_MAX }),
    reference: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  },
  { additionalProperties: false },
);

/** A transaction as the gateway answers it. */
export interface PaynetTransaction {
  id: string | null;
  reference: string;
  state: PaynetState;
  resultCode: string;
  resultText: string;
}

/** The sandbox's codes in paynet's own dialect: A for approved, D for declined, E for errors. */
const CODES: Record<string, string> = {
  '00': 'A00',
  '51': 'D51',
  '55': 'D55',
  '05': 'D05',
  '12': 'D12',
  '13': 'D13',
  '96': 'E96',
  R01: 'R01',
};

export function toPaynetCode(sandboxCode: string): string {
  return CODES[sandboxCode] ?? `E${sandboxCode}`;
}
