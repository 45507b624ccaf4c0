// serve's whole-number options: a value out of its range is refused with what the option takes,
// never cut down to fit (--forward-batch above what a store server takes in one request).
import { describe, expect, it } from 'vitest';
import { optionVariable, wholeOption } from '../../../electron/server/whole-options.js';

describe('whole-number options', () => {
  it('takes --forward-batch from 1 to 2000, and refuses more in words with its range', () => {
    expect(wholeOption('forward-batch', '1')).toBe(1);
    expect(wholeOption('forward-batch', '2000')).toBe(2000);
    expect(wholeOption('forward-batch', '2001')).toBe(
      '--forward-batch takes a number of changes from 1 to 2000, not "2001"',
    );
    expect(wholeOption('forward-batch', '0')).toBe('--forward-batch takes a number of changes from 1 to 2000, not "0"');
  });

  it('names the variable that gives an option without its flag', () => {
    expect(optionVariable('forward-batch')).toBe('SERVICEPAY_FORWARD_BATCH');
    expect(optionVariable('backup-every-hours')).toBe('SERVICEPAY_BACKUP_EVERY_HOURS');
  });
});
