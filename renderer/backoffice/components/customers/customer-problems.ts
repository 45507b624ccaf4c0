import type { IsoDate, LimitGroup } from '../../../../shared/compliance';
import { customerProblems } from '../../../../shared/customers/customer-rules';
import { CUSTOMER_FIELD_LABELS } from '../../../common/customer-fields';
import { asSentence } from '../../../common/refusal';
import { fieldsOf, limitProblem, type CustomerDraft } from './customer-draft';
import { limitLabels } from './customer-words';

/**
 * What the customer form says beside its fields: every field the service's own rules
 * (shared/customers/customer-rules.ts) refuse, named as the form labels it, found before anything
 * is sent; and where the service's refusal of a field goes.
 */

/** The form's labels of the service's fields, the state's medical limit groups among them. */
export const customerLabels = (groups: readonly LimitGroup[]): Record<string, string> => ({
  ...CUSTOMER_FIELD_LABELS,
  ...limitLabels(groups),
});

/** The control a refusal of `field` is said beside: the recommendation as a whole, at its number. */
export const controlOf = (field: string): string => (field === 'medical' ? 'medical.number' : field);

/**
 * Every problem of the form as typed, by control, in words ("Phone must have 10 digits…"): the
 * fields by the service's rules on the store's `today`, and each own limit as a number of its unit.
 */
export function draftProblems(
  draft: CustomerDraft,
  groups: readonly LimitGroup[],
  today: IsoDate,
): Record<string, string> {
  const labels = customerLabels(groups);
  const shown: Record<string, string> = {};
  for (const { field, rule } of customerProblems(fieldsOf(draft, groups), today)) {
    shown[controlOf(field)] ??= asSentence(`${labels[field] ?? field} ${rule}`);
  }
  if (draft.customerType !== 'medical') return shown;
  for (const group of groups) {
    const problem = limitProblem(draft.limits[group.id] ?? '', group);
    if (problem) shown[`medical.limits.${group.id}`] = asSentence(`Own limit of ${group.name} ${problem}`);
  }
  return shown;
}

/** The text of `control` as typed: a refusal of the service is said beside it until it changes. */
export function typedIn(draft: CustomerDraft, control: string): string {
  const limit = /^medical\.limits\.(.+)$/.exec(control);
  if (limit) return draft.limits[limit[1]!] ?? '';
  const fields: Record<string, string> = {
    'medical.number': draft.medicalNumber,
    'medical.expires': draft.medicalExpires,
    // One customer per ID: a refusal of the number is about its issuer too.
    idNumber: `${draft.idNumber}|${draft.idJurisdiction}`,
  };
  const value = fields[control] ?? (draft as unknown as Record<string, unknown>)[control];
  return typeof value === 'string' ? value : JSON.stringify(value ?? null);
}
