import type { ReceiptPreview } from '../../../shared/contracts/receiving';
import { asSentence } from '../../common/refusal';

/** One package of a manifest typed in, as typed: the service reads and checks it (README "Receiving"). */
export interface TypedPackage {
  /** Tells rows apart while some are removed (not sent). */
  key: number;
  label: string;
  itemName: string;
  quantity: string;
  unit: string;
  wholesalePrice: string;
  expiresOn: string;
}

/** A manifest typed in from the shipper's paper: its number, the shipper, and its packages. */
export interface TypedManifest {
  manifestNumber: string;
  shipperLicense: string;
  shipperName: string;
  packages: TypedPackage[];
}

/** The units offered, as the state names them (the service converts ounces and pounds to grams). */
export const TYPED_UNITS = ['Each', 'Grams', 'Ounces', 'Pounds'] as const;

/** The fields of a typed package, for the problems said beside them. */
export type TypedField = Exclude<keyof TypedPackage, 'key'>;

let keys = 0;

export function blankPackage(): TypedPackage {
  keys += 1;
  return { key: keys, label: '', itemName: '', quantity: '', unit: 'Each', wholesalePrice: '', expiresOn: '' };
}

export const blankManifest = (): TypedManifest => ({
  manifestNumber: '',
  shipperLicense: '',
  shipperName: '',
  packages: [blankPackage()],
});

/** The manifest object the preview and receive routes take (ours: README "Receiving"), blanks left out. */
export function manifestObject(typed: TypedManifest): Record<string, unknown> {
  const given = (fields: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(fields)
        .map(([name, value]) => [name, value.trim()] as const)
        .filter(([, value]) => value !== ''),
    );
  return {
    manifestNumber: typed.manifestNumber.trim(),
    shipperLicense: typed.shipperLicense.trim(),
    ...given({ shipperName: typed.shipperName }),
    packages: typed.packages.map(({ label, itemName, quantity, unit, wholesalePrice, expiresOn }) => ({
      label: label.trim(),
      itemName: itemName.trim(),
      quantity: quantity.trim(),
      unit,
      ...given({ wholesalePrice: wholesalePrice.replace(/^\s*\$/, ''), expiresOn }),
    })),
  };
}

/** Where a problem goes: a package's field (`packages[1].quantity`) or the manifest's (`manifestNumber`). */
export const problemKey = (field: string, row?: number): string =>
  row === undefined ? field : `packages[${row}].${field}`;

/**
 * The service's problems with a typed manifest, as sentences by the field they are beside; those
 * about no field the form has ("packages: add at least one") under `''`, to say over the form.
 */
export function problemsByField(problems: ReceiptPreview['problems']): Map<string, string> {
  const found = new Map<string, string>();
  for (const problem of problems) {
    const key = problem.field && problem.field !== 'packages' ? problemKey(problem.field, problem.package) : '';
    // A file's words name its key ('add "manifestNumber": the number…'); the form has a label for it.
    const sentence = asSentence(problem.message.replace(/: add "\w+": /, ': add '));
    const said = found.get(key);
    found.set(key, said ? `${said} ${sentence}` : sentence);
  }
  return found;
}
