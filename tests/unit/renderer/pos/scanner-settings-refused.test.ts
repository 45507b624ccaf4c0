// @vitest-environment happy-dom
import { mount } from '@vue/test-utils';
import { describe, expect, it } from 'vitest';
import ScannerSettings from '../../../../renderer/pos/components/ScannerSettings.vue';

// happy-dom's dialog has no modal of its own: showModal is enough to open it.
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.open = true;
};

describe("the scanner's settings with a value refused", () => {
  it('keep 300 ms as typed beside why, say they were not saved, and save nothing', async () => {
    const settings = mount(ScannerSettings, {
      props: { timing: { maxGapMs: 50, minLength: 6 } },
      attachTo: document.body,
    });
    const gap = settings.get<HTMLInputElement>('#scan-gap');
    gap.element.value = '300';
    await gap.trigger('input');
    await gap.trigger('change');
    await settings.get('form').trigger('submit');
    expect(gap.element.value).toBe('300');
    expect(settings.get('.field-error').text()).toMatch(/250/);
    expect(settings.get('[data-testid="scanner-not-saved"]').text()).toBe('Not saved: one field needs a change.');
    expect(settings.emitted('save')).toBeUndefined();

    gap.element.value = '120';
    await gap.trigger('input');
    await gap.trigger('change');
    await settings.get('form').trigger('submit');
    expect(settings.emitted('save')).toEqual([[{ maxGapMs: 120, minLength: 6 }]]);
    settings.unmount();
  });
});
