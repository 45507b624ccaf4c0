// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { cashAtCounter, updated } from './cash-at-counter';

describe('less cash than due: a part payment, taken once the cashier confirms it', () => {
  it('"Choose another way to pay" is on the heading\'s row, so the form\'s buttons take one row', () => {
    const cash = cashAtCounter();
    const head = cash.form.querySelector('.form-head')!;
    expect(head.querySelector('h2')?.textContent).toBe('Cash');
    expect(head.querySelector('button')?.textContent).toBe('Choose another way to pay');
    expect([...cash.form.querySelectorAll('.actions button')].map((b) => b.textContent)).toEqual(['Take cash']);
  });

  it('exact or more is taken at the first tap, with no question', async () => {
    const cash = cashAtCounter();
    await cash.type('16.36');
    await cash.submit();
    expect(cash.pay).toHaveBeenCalledWith(expect.anything(), { tenderedAmount: 1636 });
  });

  it('the first tap asks in words, on the button that takes it, and the second takes it', async () => {
    const cash = cashAtCounter();
    await cash.type('10');
    expect(cash.change()).toBe('Partial payment: $6.36 will be left to pay.');
    expect(cash.take.textContent).toBe('Take cash');
    cash.take.focus();
    await cash.submit();
    expect(cash.pay).not.toHaveBeenCalled();
    expect(cash.take.textContent).toBe('Take $10.00 of $16.36');
    const sentence = '$10.00 is less than the $16.36 due: $6.36 will be left to pay in another payment.';
    expect(cash.asked()).toBe(sentence);
    expect(cash.take.nextElementSibling?.textContent).toBe('Change amount');
    // Announced: the box is live, and the focused button is described by the sentence.
    expect(cash.form.querySelector('.short-cash')?.getAttribute('aria-live')).toBe('polite');
    expect(cash.take.getAttribute('aria-describedby')).toBe('short-cash-text');
    expect(cash.form.querySelector('#short-cash-text')?.textContent).toBe(sentence);
    expect(document.activeElement).toBe(cash.take);
    // Said once: the line under the amount keeps its room, unseen and out of the accessibility tree,
    // so nothing above the button moves between the two taps.
    const line = cash.form.querySelector('.change span')!;
    expect(line.textContent).toBe('Partial payment: $6.36 will be left to pay.');
    expect(line.className).toBe('unseen');
    expect(line.getAttribute('aria-hidden')).toBe('true');
    expect(cash.input.value).toBe('10');
    await cash.submit();
    expect(cash.pay).toHaveBeenCalledTimes(1);
    expect(cash.pay).toHaveBeenCalledWith(expect.anything(), { tenderedAmount: 1000 });
  });

  it('"Change amount" goes back to the amount as typed; the next amount is asked about again', async () => {
    const cash = cashAtCounter();
    await cash.type('10');
    await cash.submit();
    (cash.take.nextElementSibling as HTMLButtonElement).click();
    await updated();
    expect(document.activeElement).toBe(cash.input);
    expect(cash.input.value).toBe('10');
    expect(cash.take.textContent).toBe('Take cash');
    expect(cash.take.hasAttribute('aria-describedby')).toBe(false);
    expect(cash.asked()).toBe('');
    expect(cash.form.querySelectorAll('.actions button')).toHaveLength(1);
    // The line under the amount is back in sight.
    expect(cash.form.querySelector('.change span')?.hasAttribute('aria-hidden')).toBe(false);
    await cash.type('12');
    await cash.submit();
    expect(cash.pay).not.toHaveBeenCalled();
    expect(cash.take.textContent).toBe('Take $12.00 of $16.36');
  });

  it('after "Change amount" the keypad replaces the amount, as typing does, then adds to the new one', async () => {
    const cash = cashAtCounter();
    await cash.type('10');
    await cash.submit();
    (cash.take.nextElementSibling as HTMLButtonElement).click();
    await updated();
    const key = (name: string) =>
      [...cash.form.querySelectorAll<HTMLButtonElement>('.keypad button')].find((b) => b.textContent === name)!;
    key('2').click();
    await updated();
    key('0').click();
    await updated();
    expect(cash.input.value).toBe('20');
    await cash.submit();
    expect(cash.pay).toHaveBeenCalledWith(expect.anything(), { tenderedAmount: 2000 });
  });

  it('typing again, even the same amount, asks again; Escape goes back to the amount', async () => {
    const cash = cashAtCounter();
    await cash.type('10');
    await cash.submit();
    await cash.type('1');
    await cash.type('10');
    expect(cash.take.textContent).toBe('Take cash');
    await cash.submit();
    expect(cash.pay).not.toHaveBeenCalled();
    cash.take.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await updated();
    expect(document.activeElement).toBe(cash.input);
    expect(cash.take.textContent).toBe('Take cash');
  });

  it('an amount made exact by a quick button is taken without a question', async () => {
    const cash = cashAtCounter();
    await cash.type('10');
    await cash.submit();
    [...cash.form.querySelectorAll<HTMLButtonElement>('.quick button')].find((b) => b.textContent === 'Exact')!.click();
    await updated();
    expect(cash.take.textContent).toBe('Take cash');
    await cash.submit();
    expect(cash.pay).toHaveBeenCalledWith(expect.anything(), { tenderedAmount: 1636 });
  });

  it('the second click of a double tap on "Take cash" is not the confirmation', async () => {
    const cash = cashAtCounter();
    await cash.type('10');
    cash.take.dispatchEvent(new MouseEvent('click', { detail: 1, bubbles: true, cancelable: true }));
    await updated();
    expect(cash.take.textContent).toBe('Take $10.00 of $16.36');
    cash.take.dispatchEvent(new MouseEvent('click', { detail: 2, bubbles: true, cancelable: true }));
    await updated();
    expect(cash.pay).not.toHaveBeenCalled();
    cash.take.dispatchEvent(new MouseEvent('click', { detail: 1, bubbles: true, cancelable: true }));
    await updated();
    expect(cash.pay).toHaveBeenCalledWith(expect.anything(), { tenderedAmount: 1000 });
  });
});
