import type { IsoDate } from './calendar.js';

/** The kinds of ID the register reads: the DL and ID subfiles of an AAMVA barcode. */
export const ID_DOCUMENT_TYPES = ['drivers_licence', 'state_id'] as const;

/** A driver's licence or a state (or provincial) identification card. */
export type IdDocumentType = (typeof ID_DOCUMENT_TYPES)[number];

/** The words for an ID type: "driver's licence", "state ID". */
export const ID_DOCUMENT_LABELS: Record<IdDocumentType, string> = {
  drivers_licence: "driver's licence",
  state_id: 'state ID',
};

/** The cardholder's address as printed on the ID. */
export interface IdAddress {
  street: string;
  street2?: string;
  city: string;
  /** Two-letter state or province code. */
  state: string;
  /** "95814" or "95814-1234" in the US, "K1A 0B1" in Canada. */
  postalCode: string;
}

/** An ID as the register knows it, scanned (`parseAamva`) or typed by the cashier. */
export interface IdDocument {
  /** As on the card (AAMVA barcodes hold upper case). */
  firstName: string;
  middleName?: string;
  lastName: string;
  dateOfBirth: IsoDate;
  /** The last day the ID is valid. */
  expiry: IsoDate;
  idNumber: string;
  /** Two-letter code of the state or province that issued it ("CA"). */
  jurisdiction: string;
  documentType: IdDocumentType;
  address?: IdAddress;
}
