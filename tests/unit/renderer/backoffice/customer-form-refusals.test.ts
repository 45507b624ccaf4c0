// @vitest-environment happy-dom
// @vitest-environment-options {"url":"http://127.0.0.1:4610/backoffice/"}
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils';
import { getActivePinia } from 'pinia';
import { afterEach, describe, expect, it, vi } from 'vitest';
import CustomerForm from '../../../../renderer/backoffice/components/customers/CustomerForm.vue';
import { useCustomersStore } from '../../../../renderer/backoffice/stores/customers.js';
import { customer } from '../customer-fixture.js';
import { fakeService, refused, signedIn, type Answer, type Call } from './fake-service.js';

// The customer form as the tester used it (README "Customers"): every refusal beside its field at
// once, the first wrong field focused, nothing typed cut or lost; the service's refusal beside the
// field it names, and a second customer with an ID, phone or email on file offered the customer who
// has it (the refusal's `details.customerId`, read by its id).
const CUSTOMERS = '/v2.0/dispensary/demo/customers';
const ok = { resultCode: 'SUCCESS', resultReason: null };
const maria = { ...customer('m1', 'Maria'), idNumber: 'D7654321' };
const ID_ON_FILE = 'idNumber is on file already: Maria Garcia, born January 15, 1990, has CA ID D7654321';
/** The service's refusal of a value customer m1 has already. */
const onFile = (detail: string): Answer => ({
  status: 409,
  body: { ...refused(409, 'CONFLICT', detail).body!, details: { customerId: 'm1' } },
});
/** Opening customer m1 from the offer: their record, and their details the service could not read (fresh answers each time). */
const openingMaria = () => ({
  [`GET ${CUSTOMERS}/m1`]: [{ body: { ...ok, customer: maria } }],
  [`GET ${CUSTOMERS}/m1/verification`]: [refused(503, 'UNAVAILABLE', 'Down.')],
  [`GET ${CUSTOMERS}/rules`]: [refused(503, 'UNAVAILABLE', 'Down.')],
  [`GET ${CUSTOMERS}/m1/orders`]: [refused(503, 'UNAVAILABLE', 'Down.')],
});

let wrapper: VueWrapper | undefined;
afterEach(() => {
  wrapper?.unmount();
  vi.unstubAllGlobals();
});

async function addForm(routes: Record<string, Answer[]> = {}): Promise<{ form: VueWrapper; calls: Call[] }> {
  signedIn(['customer:read', 'customer:write']);
  const calls = fakeService(routes);
  useCustomersStore().today = '2026-06-15';
  useCustomersStore().pane = 'add';
  wrapper = mount(CustomerForm, {
    props: { customer: null },
    global: { plugins: [getActivePinia()!] },
    attachTo: document.body,
  });
  const form = wrapper;
  for (const [id, value] of Object.entries({
    'add-first': 'Maria',
    'add-last': 'Garcia',
    'add-born': '1990-01-15',
    'add-id-number': 'D7654321',
    'add-issuer': 'CA',
    'add-expiry': '2030-01-15',
  })) {
    await form.get(`#${id}`).setValue(value);
  }
  return { form, calls };
}

const errorOf = (form: VueWrapper, id: string) => form.find(`#${id}-error`);
const save = async (form: VueWrapper) => {
  await form.get('form').trigger('submit');
  await flushPromises();
};

describe('the customer form', () => {
  it('says every refusal beside its field at once, focuses the first, and sends nothing', async () => {
    const { form, calls } = await addForm();
    await form.get('#add-issuer').setValue('CAL');
    await form.get('#add-phone').setValue('916-555-01');
    await form.get('#add-email').setValue('maria@');
    await save(form);
    expect(calls).toEqual([]);
    expect(errorOf(form, 'add-issuer').text()).toBe(
      'Issued by must be the state or province that issued the driver\'s licence, not "CAL": type its two letters, ' +
        'such as CA, or its name.',
    );
    expect(errorOf(form, 'add-phone').text()).toBe(
      'Phone must have 10 digits (area code and number), not 8; write an international number with +.',
    );
    expect(errorOf(form, 'add-email').text()).toBe('Email must look like name@example.com, not "maria@".');
    expect(form.get('#add-phone').attributes('aria-describedby')).toBe('add-phone-error');
    expect(form.get('[role="alert"]').text()).toBe('Not saved: 3 fields need a change.');
    expect(document.activeElement?.id).toBe('add-issuer');
    // Nothing typed is lost, and a field put right loses its refusal as it is typed.
    expect((form.get('#add-issuer').element as HTMLInputElement).value).toBe('CAL');
    await form.get('#add-phone').setValue('916-555-0134');
    expect(errorOf(form, 'add-phone').exists()).toBe(false);
    expect(errorOf(form, 'add-email').exists()).toBe(true);
  });

  it('takes a state by name, kept as typed, and sends its two letters', async () => {
    const added = { ...maria, id: 'm2' };
    const { form, calls } = await addForm({
      [`POST ${CUSTOMERS}`]: [{ status: 201, body: { ...ok, customer: added } }],
      [`GET ${CUSTOMERS}/m2/verification`]: [refused(503, 'UNAVAILABLE', 'Down.')],
      [`GET ${CUSTOMERS}/rules`]: [refused(503, 'UNAVAILABLE', 'Down.')],
      [`GET ${CUSTOMERS}/m2/orders`]: [refused(503, 'UNAVAILABLE', 'Down.')],
    });
    const issuer = form.get('#add-issuer');
    expect(issuer.attributes('maxlength')).toBeUndefined();
    await issuer.setValue('California');
    expect((issuer.element as HTMLInputElement).value).toBe('California');
    expect(form.get('#add-issuer-hint').text()).toBe('California (CA).');
    await save(form);
    expect(calls[0]!.body).toMatchObject({ idJurisdiction: 'CA', idNumber: 'D7654321' });
    expect(useCustomersStore().message).toBe('Added Maria Garcia.');
  });

  it("says the service's refusal of an ID on file beside the ID number, and offers the customer who has it", async () => {
    const { form } = await addForm({ [`POST ${CUSTOMERS}`]: [onFile(ID_ON_FILE)], ...openingMaria() });
    await save(form);
    expect(errorOf(form, 'add-id-number').text()).toBe(
      'ID number is on file already: Maria Garcia, born January 15, 1990, has CA ID D7654321.',
    );
    expect(form.get('[role="alert"]').text()).toBe('Not saved: one field needs a change.');
    expect(document.activeElement?.id).toBe('add-id-number');
    const open = form.get('button.on-file');
    expect(open.text()).toBe('Open Maria Garcia');
    await open.trigger('click');
    expect(useCustomersStore().selected?.id).toBe('m1');
    expect(useCustomersStore().pane).toBe('view');
  });

  it.each([
    [
      'phone',
      'add-phone',
      '(916) 555-0100',
      'Phone',
      '(916) 555-0100 — open their profile instead, or use another number',
    ],
    [
      'email',
      'add-email',
      'Jane@Example.com',
      'Email',
      'jane@example.com — open their profile instead, or use another address',
    ],
  ])(
    'says a %s another customer has beside it, naming them by first name and initial, and offers them',
    async (field, id, typed, label, rest) => {
      const { form } = await addForm({
        [`POST ${CUSTOMERS}`]: [onFile(`${field} is on file already: Maria G. has ${rest}`)],
        ...openingMaria(),
      });
      await form.get(`#${id}`).setValue(typed);
      await save(form);
      expect(errorOf(form, id).text()).toBe(`${label} is on file already: Maria G. has ${rest}.`);
      expect(document.activeElement?.id).toBe(id);
      expect(form.findAll('button.on-file')).toHaveLength(1);
      const open = form.get(`#${id}`).element.parentElement!.querySelector('button.on-file')!;
      expect(open.textContent).toBe('Open Maria G.');
      (open as HTMLButtonElement).click();
      await flushPromises();
      expect(useCustomersStore().selected?.id).toBe('m1');
    },
  );

  it('drops the refusal and the offer once the ID number is changed', async () => {
    const { form } = await addForm({
      [`POST ${CUSTOMERS}`]: [onFile(ID_ON_FILE)],
      [`GET ${CUSTOMERS}/m1`]: [{ body: { ...ok, customer: maria } }],
    });
    await save(form);
    expect(form.find('button.on-file').exists()).toBe(true);
    await form.get('#add-id-number').setValue('D7654322');
    expect(errorOf(form, 'add-id-number').exists()).toBe(false);
    expect(form.find('button.on-file').exists()).toBe(false);
  });

  it('keeps a refusal about no field of the form at its foot', async () => {
    const { form } = await addForm({ [`POST ${CUSTOMERS}`]: [refused(503, 'UNAVAILABLE', 'The service is busy.')] });
    await save(form);
    expect(form.get('[role="alert"]').text()).toBe('The service is busy.');
    expect(form.findAll('.field-error')).toHaveLength(0);
  });
});
