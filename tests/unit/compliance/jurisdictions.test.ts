import { describe, expect, it } from 'vitest';
import { isJurisdictionCode } from '../../../shared/compliance/index.js';

describe('the jurisdictions an ID may name as its issuer', () => {
  it('are the US states and territories, DC, the Canadian provinces and territories and the listed Mexican states', () => {
    for (const code of ['CA', 'NY', 'DC', 'PR', 'GU', 'ON', 'QC', 'NU', 'YT', 'NT', 'CU']) {
      expect(isJurisdictionCode(code), code).toBe(true);
    }
  });

  it('are not any two letters', () => {
    for (const code of ['XX', 'ZZ', 'UK', 'EU', 'ca']) expect(isJurisdictionCode(code), code).toBe(false);
  });
});
