import { describe, expect, it } from 'vitest';
import { alreadyOnFile, contactOnFile } from '../../../electron/server/customers/already-on-file.js';
import type { CustomerRow } from '../../../electron/server/customers/customers-repository.js';

// The refusals of a second profile for one person (README "Customers"): in words, naming the
// customer on file; by first name and last initial only for a phone or an email.
const row = (overrides: Partial<CustomerRow>): CustomerRow => ({
  id: 'c1',
  organization_id: 'o1',
  dispensary_id: 'd1',
  first_name: 'Jane',
  middle_name: 'Ann',
  last_name: 'Doe',
  first_key: 'jane',
  last_key: 'doe',
  date_of_birth: '1988-03-04',
  id_type: 'drivers_licence',
  id_number: 'J1000001',
  id_jurisdiction: 'CA',
  id_expiry: '2099-03-04',
  customer_type: 'adult_use',
  medical_number: null,
  medical_expiry: null,
  medical_limits: null,
  phone: '9165550100',
  email: 'Jane.Doe@Example.com',
  notes: 'Prefers texts',
  veteran: 0,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  created_by_id: null,
  created_by_name: 'Casey Cashier',
  ...overrides,
});

describe('a phone or an email on file already', () => {
  it('names the holder by first name and last initial, the phone as people write it, and their id as data', () => {
    const refusal = contactOnFile(row({}), 'phone');
    expect(refusal.toBody()).toEqual({
      resultCode: 'FAIL',
      resultReason: 'CONFLICT',
      resultDetail:
        'phone is on file already: Jane D. has (916) 555-0100 — open their profile instead, or use another number',
      details: { customerId: 'c1' },
    });
    expect(refusal.field).toBe('phone');
    expect(refusal.message).not.toMatch(/Doe|Ann|1988|J1000001|Prefers/);
  });

  it('says an email as the holder has it, and an international phone as stored', () => {
    expect(contactOnFile(row({ last_name: "o'Brien" }), 'email').message).toBe(
      'email is on file already: Jane O. has Jane.Doe@Example.com — open their profile instead, or use another address',
    );
    expect(contactOnFile(row({ phone: '+442071234567' }), 'phone').message).toContain('Jane D. has +442071234567 —');
  });

  it('names an ID on file as before, with their id as data too', () => {
    expect(alreadyOnFile(row({})).toBody()).toEqual({
      resultCode: 'FAIL',
      resultReason: 'CONFLICT',
      resultDetail: 'idNumber is on file already: Jane Doe, born March 4, 1988, has CA ID J1000001',
      details: { customerId: 'c1' },
    });
  });
});
