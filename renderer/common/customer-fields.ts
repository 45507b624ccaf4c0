/**
 * A customer's fields (the service's names) as the back office's customer form and the POS's ID
 * entry label them, so a refusal names the field as the manager or the cashier sees it ("Issued by
 * must be…", never "idJurisdiction must be…").
 */
export const CUSTOMER_FIELD_LABELS: Readonly<Record<string, string>> = {
  firstName: 'First name',
  middleName: 'Middle name',
  lastName: 'Last name',
  dateOfBirth: 'Date of birth',
  idType: 'ID type',
  idNumber: 'ID number',
  idJurisdiction: 'Issued by',
  idExpiry: 'ID expiry',
  customerType: 'Customer type',
  medical: 'The recommendation',
  'medical.number': 'Recommendation number',
  'medical.expires': 'Recommendation expiry',
  phone: 'Phone',
  email: 'Email',
  notes: 'Notes',
};
