import type { Migration } from './migration.js';

/**
 * Migration 11: the store's cash policy and managers' PINs. A store may close every drawer blind
 * (`dispensaries.blind_close`) and name the cash movements that need a manager's approval
 * (`dispensaries.manager_approval`, a JSON array of kinds); a manager or admin approves with a PIN
 * of their own (`users.pin_hash`, hashed as passwords are), and a movement keeps who approved it.
 */
export const cashPolicy: Migration = {
  version: 11,
  name: 'cash-policy',
  async up({ db, types: t }) {
    const { schema } = db;
    await schema
      .alterTable('dispensaries')
      .addColumn('blind_close', t.integer, (c) => c.notNull().defaultTo(0))
      .execute();
    await schema
      .alterTable('dispensaries')
      .addColumn('manager_approval', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
    await schema.alterTable('users').addColumn('pin_hash', 'text').execute();
    await schema.alterTable('cash_movements').addColumn('approved_by_id', 'text').execute();
    await schema.alterTable('cash_movements').addColumn('approved_by_name', 'text').execute();
  },
};
