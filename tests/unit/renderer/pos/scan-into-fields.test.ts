// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/pos/?terminal=front-7"}
import { flushPromises, mount } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CartLine from '../../../../renderer/pos/components/CartLine.vue';
import SaleDealsBar from '../../../../renderer/pos/components/SaleDealsBar.vue';
import { DEFAULT_TIMING } from '../../../../renderer/pos/logic/barcode-wedge.js';
import { FieldScans } from '../../../../renderer/pos/logic/field-scan.js';
import { RegisterKeys } from '../../../../renderer/pos/logic/register-keys.js';
import { useCartStore } from '../../../../renderer/pos/stores/cart.js';
import { useSaleDealsStore } from '../../../../renderer/pos/stores/sale-deals.js';
import { product } from './fixtures.js';
import { signedInCashier } from './signed-in.js';

/** A jar of Blue Dream's barcode, as the scanner types it. */
const BARCODE = '0860012000135';

/**
 * Keys typed at `target` as a keyboard does, `gap` ms apart (stamped so: the register measures the
 * keyboard's pace, not the test's): each goes to it unless a listener took it (prevented); in a field
 * a character is then typed at the end (an `input` event), and Enter is left to the field's listeners.
 */
function typeInto(target: HTMLElement, keys: string[], gap: number, start = 10_000): void {
  for (const [index, key] of keys.entries()) {
    const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });
    Object.defineProperty(event, 'timeStamp', { value: start + index * gap });
    if (!target.dispatchEvent(event) || key.length !== 1 || !(target instanceof HTMLInputElement)) continue;
    target.value += key;
    target.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

const scan = (target: HTMLElement, code: string, start?: number) => typeInto(target, [...code, 'Enter'], 4, start);

describe('a scan read from the keys typed into a field', () => {
  const field = (value: string) => ({ value, selectionStart: value.length, selectionEnd: value.length });

  function feed(scans: FieldScans, target: ReturnType<typeof field>, text: string, gap: number, start = 0) {
    let read;
    for (const [index, key] of [...text, 'Enter'].entries()) {
      read = scans.key(key, start + index * gap, target);
      if (key.length === 1) target.value += key;
    }
    return read;
  }

  it('is a burst at the scanner’s pace ended by Enter, with what the field held before it', () => {
    const target = field('2');
    expect(feed(new FieldScans(DEFAULT_TIMING), target, BARCODE, 5, 1000)).toEqual({
      code: BARCODE,
      before: { value: '2', selectionStart: 1, selectionEnd: 1 },
    });
  });

  it('is never a person typing, even a fast one, nor a key held down', () => {
    const scans = new FieldScans(DEFAULT_TIMING);
    // 90 ms apart: outside a field a missed scan to tune for; in one, a fast typist's code.
    expect(feed(scans, field(''), 'SPRING25', 90)).toBeUndefined();
    expect(feed(scans, field(''), '12', 5, 5000)).toBeUndefined();
    const held = field('');
    for (let at = 0; at < 200; at += 30) scans.key('1', 9000 + at, held, at > 0);
    expect(scans.key('Enter', 9210, held)).toBeUndefined();
  });

  it('starts over after a pause: a scan following the cashier’s typing leaves that typing in place', () => {
    const scans = new FieldScans(DEFAULT_TIMING);
    const target = field('');
    scans.key('3', 0, target);
    target.value = '3';
    expect(feed(scans, target, BARCODE, 5, 400)?.before.value).toBe('3');
  });
});

describe('a scan into the cart’s fields', () => {
  const scanned = vi.fn<(code: string) => void>();
  let locked = false;
  let keys: RegisterKeys;

  beforeEach(() => {
    signedInCashier();
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ resultCode: 'SUCCESS' })));
    scanned.mockClear();
    locked = false;
    keys = new RegisterKeys(DEFAULT_TIMING, {
      locked: () => locked,
      findingId: () => false,
      knows: (code) => code === BARCODE,
      code: scanned,
      tooSlow: () => undefined,
      id: () => undefined,
    });
    keys.listen(window);
  });
  afterEach(() => keys.stop());

  function quantityLine() {
    const cart = useCartStore();
    cart.add(product({ name: 'Trial Kush', quantityAvailable: 58 }), 2);
    const line = mount(CartLine, {
      props: { line: cart.lines[0]!, priced: undefined, manualViews: undefined, editable: true },
      attachTo: document.body,
    });
    return { cart, line, input: line.get<HTMLInputElement>('input').element };
  }

  it('in a line’s quantity adds the product, and the line keeps its quantity and says nothing', async () => {
    const { cart, line, input } = quantityLine();
    input.focus();
    scan(input, BARCODE);
    await flushPromises();
    expect(scanned).toHaveBeenCalledWith(BARCODE);
    expect(input.value).toBe('2');
    expect(cart.lines[0]!.quantity).toBe(2);
    expect(line.find('.line-error').exists()).toBe(false);
    line.unmount();
  });

  it('in a line’s quantity, a code no product has is not taken for a quantity', async () => {
    const { cart, line, input } = quantityLine();
    scan(input, '0000000000000');
    await flushPromises();
    expect(scanned).toHaveBeenCalledWith('0000000000000');
    expect(input.value).toBe('2');
    expect(cart.lines[0]!.quantity).toBe(2);
    expect(line.find('.line-error').exists()).toBe(false);
    line.unmount();
  });

  it('leaves a quantity typed at a person’s pace to the field', async () => {
    const { cart, line, input } = quantityLine();
    input.value = '';
    typeInto(input, ['1', '2', 'Enter'], 150);
    await flushPromises();
    expect(scanned).not.toHaveBeenCalled();
    expect(cart.lines[0]!.quantity).toBe(12);
    line.unmount();
  });

  it('in Promo code adds the product and keeps the code typed, with why it was refused', async () => {
    useCartStore().add(product({ name: 'Trial Kush' }), 1);
    const bar = mount(SaleDealsBar, { props: { disabled: false }, attachTo: document.body });
    const input = bar.get<HTMLInputElement>('#promo-code');
    await input.setValue('AB CD');
    await bar.get('form').trigger('submit');
    const why = 'A promo code is 1 to 32 letters, digits, - or _, without spaces inside it.';
    expect(bar.get('#promo-code-error').text()).toBe(why);

    scan(input.element, BARCODE);
    await flushPromises();
    expect(scanned).toHaveBeenCalledWith(BARCODE);
    expect(input.element.value).toBe('AB CD');
    expect(bar.get('#promo-code-error').text()).toBe(why);
    expect(input.attributes('aria-invalid')).toBe('true');
    expect(useSaleDealsStore().promoCodes).toEqual([]);
    bar.unmount();
  });

  it('in Promo code, a coupon’s code no product has is the field’s, and its Enter adds it', async () => {
    useCartStore().add(product({ name: 'Trial Kush' }), 1);
    const bar = mount(SaleDealsBar, { props: { disabled: false }, attachTo: document.body });
    const input = bar.get<HTMLInputElement>('#promo-code');
    // The field's Enter submits its form, as a browser does.
    input.element.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') input.element.form!.requestSubmit();
    });
    scan(input.element, 'SPRING25');
    await flushPromises();
    expect(scanned).not.toHaveBeenCalled();
    expect(useSaleDealsStore().promoCodes).toEqual(['SPRING25']);
    expect(input.element.value).toBe('');
    bar.unmount();
  });

  it('is read as before with focus outside the fields, and never while the register is locked', async () => {
    const { line, input } = quantityLine();
    scan(document.body, BARCODE);
    expect(scanned).toHaveBeenCalledWith(BARCODE);
    scanned.mockClear();
    locked = true;
    scan(input, BARCODE, 20_000);
    scan(document.body, BARCODE, 30_000);
    expect(scanned).not.toHaveBeenCalled();
    line.unmount();
  });
});
