import type { PaymentMethod } from './contracts/payment.js';

/**
 * What a staff user, partner or integration may do; checked on the server for every route.
 * `store:manage` sets a store up (taxes, locations, payment configuration, PIN pads, API clients,
 * catalog); `users:manage` manages staff logins. `customer:read` finds and reads a store's customers,
 * their ID check and allowance; `customer:write` adds and changes them. `inventory:adjust` changes a
 * package's stock with a reason (a manager's PIN where the store asks).
 */
export const PERMISSIONS = [
  'ticket:create',
  'ticket:read',
  'ticket:cancel',
  'ticket:fulfil',
  'payment:create',
  'invoice:create',
  'payment:cancel',
  'payment:refund',
  'config:read',
  'display:pole',
  'store:manage',
  'users:manage',
  'audit:read',
  'customer:read',
  'customer:write',
  'inventory:adjust',
] as const;

/** One permission. */
export type Permission = (typeof PERMISSIONS)[number];

export const ROLES = ['admin', 'manager', 'cashier', 'display', 'integration', 'shopper'] as const;

/** A role: a named set of permissions (a staff login's, a partner's, or a partner's shopper's). */
export type Role = (typeof ROLES)[number];

/**
 * The roles a staff login may have. `shopper` is only a partner's: the token a shop's server gets
 * for its shopper's browser (a JWT with `"scope": "shopper"`), which pays and nothing else.
 */
export const STAFF_ROLES = ['admin', 'manager', 'cashier', 'display', 'integration'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

const ALL: readonly Permission[] = PERMISSIONS;

/** The permissions each role grants. Partners act as `integration`. */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: ALL,
  manager: ALL.filter((permission) => permission !== 'users:manage'),
  cashier: [
    'ticket:create',
    'ticket:read',
    'ticket:cancel',
    'ticket:fulfil',
    'payment:create',
    'payment:cancel',
    'config:read',
    'customer:read',
    'customer:write',
    // Stock room work: a manager's PIN where the store's policy asks (README "Inventory adjustments").
    'inventory:adjust',
  ],
  // The customer pays on the pole display: it opens card-present payment sessions and may cancel them.
  display: ['ticket:read', 'display:pole', 'config:read', 'payment:create', 'payment:cancel'],
  // A partner's shopper cancels the payments the partner starts (the SDK's cancel event). An
  // ecommerce site names its shoppers on tickets where the store enforces state rules, so it adds
  // and reads customers too.
  integration: [
    'ticket:create',
    'ticket:read',
    'payment:create',
    'invoice:create',
    'payment:cancel',
    'config:read',
    'customer:read',
    'customer:write',
  ],
  // The shopper's browser (the SDK's widget): it pays, by card or ACH, and cancels what it started;
  // no tickets, customers or payments of others to read (README "The `_servicepay` SDK").
  shopper: ['payment:create', 'invoice:create', 'payment:cancel', 'config:read'],
};

/**
 * The roles that approve cash movements a store guards with a manager's PIN: those that manage the
 * store (`store:manage`), managers and admins.
 */
export const APPROVER_ROLES: readonly Role[] = ROLES.filter((role) => ROLE_PERMISSIONS[role].includes('store:manage'));

/** True for a string naming a role. */
export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** True for a string naming a role a staff login may have. */
export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/**
 * The permission a payment of each method needs: an ACH payment is an invoice the customer
 * authorizes on a paylink; cards, cashless ATM and cash are payments taken now.
 */
export const METHOD_PERMISSION: Record<PaymentMethod, Permission> = {
  Credit: 'payment:create',
  Debit: 'payment:create',
  ATM: 'payment:create',
  Cash: 'payment:create',
  ACH: 'invoice:create',
};
