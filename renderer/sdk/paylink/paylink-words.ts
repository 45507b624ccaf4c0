import type { PaylinkInfo } from '../../../shared/contracts/paylink';
import { ApiError } from '../../common/http';
import { refusalText, outcomeSentence } from '../widget/refusal-words';
import { accountError, holderError } from './aba';

/**
 * The fields of the paylink requests (the token in the address, the bank account form), in the
 * words of the customer who pays: what to do, never the service's field path and rule.
 */
const FIELD_WORDS: Readonly<Record<string, string>> = {
  token:
    'This payment link is incomplete. Open it again from the message the store sent, or ask the store for a new one.',
  accountHolder: holderError('')!,
  routingNumber: 'This routing number is not valid. Check the digits on your check.',
  accountNumber: accountError('')!,
  accountType: 'Choose a checking or a savings account.',
};

/**
 * A refused paylink request in the customer's words: the link or the bank account field at fault,
 * a link that does not exist, else the widget's words for the reason (refusal-words.ts).
 */
export function paylinkRefusal(error: unknown): string {
  if (error instanceof ApiError && error.code === 'INVALID_INPUT') {
    const field = /^\S+/.exec(error.message)?.[0] ?? '';
    return FIELD_WORDS[field] ?? 'The bank account details were not accepted. Check them, then try again.';
  }
  if (error instanceof ApiError && error.code === 'NOT_FOUND') {
    return 'This payment link does not exist. Ask the store for a new one.';
  }
  return refusalText(error);
}

/**
 * What the page says under its title: the bank's answer in words, without the processor's code
 * (and without a "Declined:" the title already says: "Insufficient funds in the bank account.").
 */
export const paylinkMessage = (info: PaylinkInfo): string => outcomeSentence(info.message, info.status);
