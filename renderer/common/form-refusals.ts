/**
 * A form's refused fields, on screen: those a number field keeps as typed (NumberField's
 * `keepRefused`), and the first one refused, brought into view and focused after a try to save.
 */

/** How many of the form's number fields hold an entry they refused (the form is not saved while one does). */
export function refusedEntries(form: HTMLElement | null): number {
  return form?.querySelectorAll('[data-refused-entry]').length ?? 0;
}

/**
 * Brings the form's first refused field (`aria-invalid`) into the middle of its scrolling area and
 * focuses it; a group refused as a whole (a fieldset) gives its first field.
 */
export function focusRefused(form: HTMLElement | null): void {
  const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  const field = first?.matches('fieldset') ? first.querySelector<HTMLElement>('input, select') : first;
  field?.scrollIntoView({ block: 'center' });
  field?.focus({ preventScroll: true });
}

/**
 * Before a form is saved: what its foot says when fields hold entries they refused (the first one
 * focused), or '' when it may be saved.
 */
export function refusedBeforeSaving(form: HTMLElement | null): string {
  const refused = refusedEntries(form);
  if (refused === 0) return '';
  focusRefused(form);
  return notSavedWords(refused);
}

/** What the foot of a form says when fields need a change before it is saved. */
export const notSavedWords = (fields: number): string =>
  fields === 1 ? 'Not saved: one field needs a change.' : `Not saved: ${fields} fields need a change.`;
