import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../renderer/common/http.js';
import { refusalWords } from '../../../../renderer/common/refusal.js';
import { useServiceCall } from '../../../../renderer/common/use-service-call.js';

// The one way the POS, the back office and the pole display call the service from a screen.
describe('a call to the service from a screen', () => {
  it('is busy while it runs, then says what it did', async () => {
    const call = useServiceCall();
    let finish: (value: string) => void = () => undefined;
    const running = call.run(() => new Promise<string>((resolve) => (finish = resolve)));
    expect(call.busy).toBe(true);
    finish('Saved.');
    expect(await running).toBe(true);
    expect(call).toMatchObject({ busy: false, done: 'Saved.', error: '', field: '', status: 0 });
  });

  it("puts a refusal in the form's words, with the field and the status", async () => {
    const call = useServiceCall({ 'rate.percent': 'Rate (%)' });
    const refused = new ApiError(400, 'INVALID_INPUT', 'rate.percent must be a percentage from 0 to 100');
    expect(await call.run(() => Promise.reject(refused))).toBe(false);
    expect(call).toMatchObject({
      busy: false,
      error: 'Rate (%) must be a percentage from 0 to 100.',
      field: 'rate.percent',
      status: 400,
    });
  });

  it('says the fallback, or its own words, when the service said nothing', async () => {
    const call = useServiceCall();
    await call.run(() => Promise.reject(new TypeError('boom')), 'The drawer could not be read');
    expect(call).toMatchObject({ error: 'The drawer could not be read.', status: 0 });
    await call.run(() => Promise.reject(new TypeError('boom')));
    expect(call.error).toBe('The service could not answer. Try again.');
    await call.run(
      () => Promise.reject(new ApiError(429, 'RATE_LIMITED', 'slow down')),
      (failure) => (failure instanceof ApiError ? `Wait (${failure.status}).` : 'No.'),
    );
    expect(call).toMatchObject({ error: 'Wait (429).', status: 429 });
    expect(refusalWords(new ApiError(409, 'CONFLICT', 'the drawer is open'), 'x')).toBe('The drawer is open.');
  });

  it('refuses input before it is sent, and clears', () => {
    const call = useServiceCall();
    expect(call.refuse('amount', 'Enter the amount first.')).toBe(false);
    expect(call).toMatchObject({ field: 'amount', error: 'Enter the amount first.' });
    call.clear();
    expect(call).toMatchObject({ field: '', error: '', done: '', status: 0 });
  });
});
