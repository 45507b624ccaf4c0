import { describe, expect, it } from 'vitest';
import {
  checkDetails,
  detailsSavedWords,
  draftOf,
  expiryCell,
} from '../../../../renderer/backoffice/logic/package-details';
import type { PackageView } from '../../../../shared/contracts/rooms';

const PKG = { packagedOn: '2026-10-31', expiresOn: null, labWords: 'THC 21.4%' };

describe('the package details form', () => {
  it('is filled from the package and sends only what changed', () => {
    const draft = draftOf(PKG);
    expect(draft).toEqual({ packagedOn: '2026-10-31', expiresOn: '', labResults: 'THC 21.4%' });
    expect(checkDetails({ ...draft, expiresOn: '2027-05-02' }, PKG)).toEqual({
      ok: true,
      body: { expiresOn: '2027-05-02' },
    });
    expect(checkDetails({ ...draft, labResults: '' }, PKG)).toEqual({ ok: true, body: { labResults: '' } });
    expect(checkDetails(draft, PKG)).toEqual({
      ok: false,
      field: 'packagedOn',
      sentence: 'Nothing is changed: change a date or the lab results.',
    });
  });

  it('refuses beside the field, the dates as people read them', () => {
    expect(checkDetails({ ...draftOf(PKG), expiresOn: '2026-10-30' }, PKG)).toEqual({
      ok: false,
      field: 'expiresOn',
      sentence: 'Expiry date must not be before the packaged date, October 31, 2026.',
    });
    expect(checkDetails({ ...draftOf(PKG), labResults: 'x'.repeat(201) }, PKG)).toEqual({
      ok: false,
      field: 'labResults',
      sentence: 'Lab results must be at most 200 characters, not 201.',
    });
  });

  it('says an expiry and what saving did', () => {
    expect(expiryCell('2026-11-27', '2026-11-30')).toEqual({
      date: 'Nov 27',
      words: 'Expired 3 days ago',
      tone: 'expired',
    });
    const saved = { label: '1A40', expiresOn: '2027-05-02' } as PackageView;
    expect(detailsSavedWords(saved, '2026-11-30')).toBe('Saved package 1A40: expires May 2, 2027.');
  });
});
