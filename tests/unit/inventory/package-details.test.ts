import { describe, expect, it } from 'vitest';
import {
  checkPackageDetails,
  dayInWords,
  expiryInWords,
  labInWords,
} from '../../../shared/inventory/package-details.js';

const TODAY = '2026-11-30';
const NONE = { packagedOn: null, expiresOn: null };

describe('a package’s details in words', () => {
  it('says a date in the store’s words, the year only when it is not this year’s', () => {
    expect(dayInWords('2026-03-04', TODAY)).toBe('Mar 4');
    expect(dayInWords('2027-01-31', TODAY)).toBe('Jan 31, 2027');
    expect(dayInWords(null, TODAY)).toBe('—');
  });

  it('says how far an expiry is, warning when it is past or within 30 days', () => {
    expect(expiryInWords('2026-12-12', TODAY)).toEqual({ words: 'Expires in 12 days', tone: 'soon' });
    expect(expiryInWords('2026-11-27', TODAY)).toEqual({ words: 'Expired 3 days ago', tone: 'expired' });
    expect(expiryInWords('2026-11-29', TODAY)).toEqual({ words: 'Expired 1 day ago', tone: 'expired' });
    expect(expiryInWords(TODAY, TODAY)).toEqual({ words: 'Expires today', tone: 'soon' });
    expect(expiryInWords('2026-12-01', TODAY)).toEqual({ words: 'Expires tomorrow', tone: 'soon' });
    expect(expiryInWords('2027-03-01', TODAY)).toEqual({ words: 'Expires in 91 days', tone: 'ok' });
    expect(expiryInWords(null, TODAY)).toEqual({ words: 'No expiry date', tone: 'none' });
  });

  it('says lab results as a short line: the written one, else the figures and the state', () => {
    expect(labInWords({ thcPercent: 21.4, cbdPercent: 0.1, state: 'TestPassed', testedOn: '2026-11-04' })).toBe(
      'THC 21.4%, CBD 0.1%, passed, tested 2026-11-04',
    );
    expect(labInWords({ summary: 'THC 10mg a piece', thcPercent: 1 })).toBe('THC 10mg a piece');
    expect(labInWords({ state: 'SomethingNew' })).toBe('SomethingNew');
    expect(labInWords(null)).toBe('');
  });
});

describe('a manager’s change of a package’s details', () => {
  it('takes dates as YYYY-MM-DD, empty or null to clear one, and a lab line trimmed', () => {
    expect(
      checkPackageDetails({ packagedOn: '2026-11-02', expiresOn: ' 2027-05-02 ', labResults: ' THC 21% ' }, NONE),
    ).toEqual({
      ok: true,
      packagedOn: '2026-11-02',
      expiresOn: '2027-05-02',
      labResults: 'THC 21%',
    });
    expect(checkPackageDetails({ expiresOn: '', labResults: null }, NONE)).toEqual({
      ok: true,
      expiresOn: null,
      labResults: null,
    });
  });

  it('refuses what is not a date, an expiry before packaging (against the dates kept), and a long lab line', () => {
    expect(checkPackageDetails({ expiresOn: '11/30/2026' }, NONE)).toEqual({
      ok: false,
      field: 'expiresOn',
      why: 'must be a date such as 2026-11-30, not "11/30/2026"',
    });
    expect(checkPackageDetails({ packagedOn: '2026-02-30' }, NONE)).toMatchObject({ ok: false, field: 'packagedOn' });
    expect(checkPackageDetails({ expiresOn: '2026-10-01' }, { packagedOn: '2026-11-02', expiresOn: null })).toEqual({
      ok: false,
      field: 'expiresOn',
      why: 'must not be before the packaged date (2026-11-02): "2026-10-01"',
    });
    expect(checkPackageDetails({ packagedOn: '2027-06-01' }, { packagedOn: null, expiresOn: '2027-05-02' })).toEqual({
      ok: false,
      field: 'packagedOn',
      why: 'must not be after the expiry date (2027-05-02): "2027-06-01"',
    });
    expect(checkPackageDetails({ labResults: 'x'.repeat(201) }, NONE)).toEqual({
      ok: false,
      field: 'labResults',
      why: 'must be at most 200 characters, not 201',
    });
  });
});
