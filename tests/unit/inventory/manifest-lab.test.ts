import { describe, expect, it } from 'vitest';
import {
  parseManifestCsv,
  parseManifestJson,
  readManifestObject,
  type ManifestResult,
} from '../../../shared/inventory/manifest.js';

function packagesOf(result: ManifestResult) {
  if ('problems' in result) throw new Error(`refused: ${JSON.stringify(result.problems)}`);
  return result.manifest.packages;
}

function messagesOf(result: ManifestResult) {
  if (!('problems' in result)) throw new Error('was read, expected problems');
  return result.problems.map((problem) => `${problem.where}: ${problem.message}`);
}

const HEAD = '# Manifest: 0004512873\n# Shipper licence: C11-0000123-LIC\n';
const LABEL = '1A4FF0100000022000000601';

describe('a manifest’s package dates and lab results', () => {
  it('reads Metrc’s PackagedDate, ExpirationDate, LabTestingState and LabTestingStateDate', () => {
    const [pkg] = packagesOf(
      parseManifestJson(
        JSON.stringify({
          ManifestNumber: '0004512873',
          ShipperFacilityLicenseNumber: 'C11-0000123-LIC',
          Packages: [
            {
              PackageLabel: LABEL,
              ItemName: 'Blue Dream 3.5g',
              ShippedQuantity: 10,
              ShippedUnitOfMeasureName: 'Each',
              PackagedDate: '2026-11-02',
              ExpirationDate: '2027-05-02T00:00:00',
              LabTestingState: 'TestPassed',
              LabTestingStateDate: '2026-11-04',
              ItemUnitThcPercent: 21.4,
            },
          ],
        }),
      ),
    );
    expect(pkg).toMatchObject({
      packagedOn: '2026-11-02',
      expiresOn: '2027-05-02',
      lab: { state: 'TestPassed', testedOn: '2026-11-04', thcPercent: 21.4 },
    });
  });

  it('reads our labResults as a line, or as an object like lab', () => {
    const manifest = (labResults: unknown) => ({
      manifestNumber: 'M-1',
      shipperLicense: 'L-1',
      packages: [{ label: LABEL, itemName: 'Gummies', quantity: 4, unit: 'each', expiresOn: '2027-01-31', labResults }],
    });
    expect(packagesOf(readManifestObject(manifest('THC 10mg a piece, passed')))[0]!.lab).toEqual({
      summary: 'THC 10mg a piece, passed',
    });
    expect(packagesOf(readManifestObject(manifest({ thcPercent: 0.3, testedOn: '11/20/2026' })))[0]!.lab).toEqual({
      thcPercent: 0.3,
      testedOn: '2026-11-20',
    });
  });

  it('reads CSV columns "Packaged Date", "Expiration Date" and "Lab Results"', () => {
    const csv =
      HEAD +
      'Package Label,Item Name,Quantity,Unit,Packaged Date,Expiration Date,Lab Results\n' +
      `${LABEL},Blue Dream 3.5g,10,Each,11/02/2026,2027-05-02,"THC 21.4%, CBD 0.1%"\n`;
    expect(packagesOf(parseManifestCsv(csv))[0]).toMatchObject({
      packagedOn: '2026-11-02',
      expiresOn: '2027-05-02',
      lab: { summary: 'THC 21.4%, CBD 0.1%' },
    });
  });

  it('refuses dates that are not dates, an expiry before packaging and a lab line too long, in words', () => {
    const csv =
      HEAD +
      'Package Label,Item Name,Quantity,Unit,Packaged Date,Expiration Date,Lab Results,Lab Testing State Date\n' +
      `${LABEL},Blue Dream,10,Each,soon,2027-05-02,,2026-13-01\n` +
      `1A4FF0100000022000000602,Blue Dream,10,Each,2026-11-02,2026-10-01,${'x'.repeat(201)},\n`;
    expect(messagesOf(parseManifestCsv(csv))).toEqual([
      'row 4, column "Packaged Date": packaged date must be a date such as 2026-11-30 or 11/30/2026, not "soon"',
      'row 4, column "Lab Testing State Date": lab testing date must be a date such as 2026-11-30 or 11/30/2026, not "2026-13-01"',
      'row 5, column "Expiration Date": expiration date is before the packaged date (2026-11-02): "2026-10-01"',
      'row 5, column "Lab Results": lab results must be at most 200 characters, not 201',
    ]);
  });
});
