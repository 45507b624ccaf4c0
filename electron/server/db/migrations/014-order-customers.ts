import type { Migration } from './migration.js';

/**
 * Migration 14: a ticket may name its customer (`orders.customer_id`, indexed with the time, so a
 * customer's purchases of a day are one range), and a store may sell under a state's rules
 * (`dispensaries.compliance_profile`, a profile id of shared/compliance such as `us-ca`; null: none
 * enforced at ticket creation).
 */
export const orderCustomers: Migration = {
  version: 14,
  name: 'order-customers',
  async up({ db }) {
    const { schema } = db;
    await schema.alterTable('orders').addColumn('customer_id', 'text').execute();
    await schema.createIndex('orders_customer').on('orders').columns(['customer_id', 'created_at']).execute();
    await schema.alterTable('dispensaries').addColumn('compliance_profile', 'text').execute();
  },
};
