// @vitest-environment happy-dom
import { mount } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ConfirmDialog from '../../../../renderer/common/components/ConfirmDialog.vue';

/**
 * The reason a cancel (or a void) asks for: its field's example reads as one ("Such as: …"), never as a
 * reason typed already; nothing goes on without a reason, said in words, as the service refuses an
 * empty or blank one; what is typed goes on trimmed.
 */
function asking() {
  return mount(ConfirmDialog, {
    props: {
      title: 'Cancel order KEPT42?',
      message: 'Order KEPT42 ends and its items go back on the shelf. This cannot be undone.',
      confirm: 'Cancel order',
      keep: 'Keep the order',
      reasonLabel: 'Why is it canceled?',
    },
    attachTo: document.body,
  });
}
const press = (dialog: ReturnType<typeof asking>) =>
  dialog
    .findAll('button')
    .find((button) => button.text() === 'Cancel order')!
    .trigger('click');

beforeEach(() => {
  HTMLDialogElement.prototype.showModal ??= vi.fn();
});

describe('the reason a cancel asks for', () => {
  it('shows an example as an example, with the field empty', () => {
    const field = asking().get('#confirm-reason');
    expect(field.attributes('placeholder')).toBe('Such as: the customer changed their mind');
    expect((field.element as HTMLInputElement).value).toBe('');
  });

  it('refuses an empty or blank reason in words, and goes on with what is typed, trimmed', async () => {
    const dialog = asking();
    for (const typed of ['', '   ']) {
      await dialog.get('#confirm-reason').setValue(typed);
      await press(dialog);
      expect(dialog.get('[role="alert"]').text()).toBe(
        'Say why first: the audit trail keeps the reason with your name.',
      );
      expect(dialog.get('#confirm-reason').attributes('aria-invalid')).toBe('true');
    }
    expect(dialog.emitted('confirm')).toBeUndefined();
    await dialog.get('#confirm-reason').setValue('  Customer called to cancel ');
    expect(dialog.find('[role="alert"]').exists()).toBe(false);
    await press(dialog);
    expect(dialog.emitted('confirm')).toEqual([['Customer called to cancel']]);
  });
});
