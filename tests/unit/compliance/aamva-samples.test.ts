import { describe, expect, it } from 'vitest';
import { aamvaPayload, samplePerson } from '../../support/aamva-samples.js';

/** The sample generator writes what the standard defines, checked here without the parser. */
describe('AAMVA sample payloads', () => {
  const cases = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].flatMap((version) => [
    { version, jurisdictionSubfile: true },
    { version, jurisdictionSubfile: false },
  ]);

  it.each(cases)(
    'version $version (Z subfile: $jurisdictionSubfile) has a header whose designators cut out its subfiles',
    (options) => {
      const payload = aamvaPayload(samplePerson(), options);
      const entries = options.jurisdictionSubfile ? 2 : 1;
      const version = String(options.version).padStart(2, '0');
      // Version 01 has no jurisdiction version: a 19-character header instead of 21.
      const header = `@\n\x1e\rANSI 636014${version}${options.version >= 2 ? '00' : ''}0${entries}`;
      expect(payload.startsWith(header)).toBe(true);
      let expectedOffset = header.length + 10 * entries;
      for (let index = 0; index < entries; index += 1) {
        const designator = payload.slice(header.length + 10 * index, header.length + 10 * (index + 1));
        const [type, offset, length] = [
          designator.slice(0, 2),
          Number(designator.slice(2, 6)),
          Number(designator.slice(6)),
        ];
        expect(type).toBe(index === 0 ? 'DL' : 'ZC');
        expect(offset).toBe(expectedOffset);
        const subfile = payload.slice(offset, offset + length);
        expect(subfile.startsWith(type)).toBe(true);
        expect(subfile.endsWith('\r')).toBe(true);
        expect(subfile.slice(0, -1)).not.toContain('\r');
        expectedOffset += length;
      }
      expect(expectedOffset).toBe(payload.length);
    },
  );

  it('writes US dates month first from version 02, and year first in version 01 and in Canada', () => {
    const person = samplePerson({ dateOfBirth: '1990-01-15' });
    expect(aamvaPayload(person, { version: 10 })).toContain('\nDBB01151990\n');
    expect(aamvaPayload(person, { version: 1 })).toContain('\nDBB19900115\n');
    expect(aamvaPayload({ ...person, jurisdiction: 'ON' }, { version: 10 })).toContain('\nDBB19900115\n');
  });

  it('names each version its own way and marks an ID card as ID', () => {
    const person = samplePerson({ firstName: 'JOHN', middleName: 'Q', lastName: 'PUBLIC' });
    expect(aamvaPayload(person, { version: 1 })).toContain('\nDAAPUBLIC,JOHN,Q\n');
    expect(aamvaPayload(person, { version: 3 })).toContain('\nDCTJOHN,Q\n');
    expect(aamvaPayload(person, { version: 4 })).toMatch(/\nDCSPUBLIC\nDACJOHN\nDADQ\n/);
    const card = aamvaPayload({ ...person, documentType: 'state_id' }, { version: 10 });
    expect(card.startsWith('@\n\x1e\rANSI 636014100002ID')).toBe(true);
    expect(card).toMatch(/ID\d{8}ZC\d{8}IDDBA/);
  });

  it('refuses letters a barcode cannot hold', () => {
    expect(() => aamvaPayload(samplePerson({ lastName: 'MÜLLER' }))).toThrow(/ASCII/);
  });
});
