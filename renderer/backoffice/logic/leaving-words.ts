/** The question before a form's unsaved changes are dropped, in ConfirmDialog's words. */
export interface LeavingWords {
  title: string;
  message: string;
  confirm: string;
}

/**
 * What the back office asks before it closes a record's form with changes typed, or opens another:
 * a record on file (`name`) stays as it is on file; a new one (`name` null) was never saved, so
 * nothing of it is kept and nothing is added.
 */
export function leavingWords(record: 'deal' | 'product', name: string | null): LeavingWords {
  if (name === null)
    return {
      title: `Discard this new ${record}?`,
      message: `Nothing is saved: what you typed in the form goes, and no ${record} is added.`,
      confirm: `Discard new ${record}`,
    };
  return {
    title: `Discard your changes to ${name}?`,
    message: `What you typed in the form is not saved. Discarding it keeps the ${record} as it is on file.`,
    confirm: 'Discard changes',
  };
}
