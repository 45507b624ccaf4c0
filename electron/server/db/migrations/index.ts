import { initial } from './001-initial.js';
import { payments } from './002-payments.js';
import { storeServer } from './003-store-server.js';
import { records } from './004-records.js';
import { reportIndexes } from './005-report-indexes.js';
import { webhooks } from './006-webhooks.js';
import { cashDrawers } from './007-cash-drawers.js';
import { shiftListIndex } from './008-shift-list-index.js';
import { shiftStamps } from './009-shift-stamps.js';
import { receiptPrinters } from './010-receipt-printers.js';
import { cashPolicy } from './011-cash-policy.js';
import { customers } from './012-customers.js';
import { productCompliance } from './013-product-compliance.js';
import { orderCustomers } from './014-order-customers.js';
import { orderItemMeasures } from './015-order-item-measures.js';
import { stateReporting } from './016-state-reporting.js';
import { storeLicence } from './017-store-licence.js';
import { registers } from './018-registers.js';
import { replicaVersion } from './019-replica-version.js';
import { forwarding } from './020-forwarding.js';
import { stockHolds } from './021-stock-holds.js';
import { storedCardPayments } from './022-stored-card-payments.js';
import { forwardBaseVersion } from './023-forward-base-version.js';
import { customersChanged } from './024-customers-changed.js';
import { staleWriteGuard } from './025-stale-write-guard.js';
import { offlineCardCaps } from './026-offline-card-caps.js';
import { storeReplicaVersions } from './027-store-replica-versions.js';
import { forwardAfter } from './028-forward-after.js';
import { drawerKicks } from './029-drawer-kicks.js';
import { stockShort } from './030-stock-short.js';
import { allowanceHolds } from './031-allowance-holds.js';
import { orderPaymentStatus } from './032-order-payment-status.js';
import { pickupHold } from './033-pickup-hold.js';
import { pickupQueue } from './034-pickup-queue.js';
import { orderLoans } from './035-order-loans.js';
import { productAdmin } from './036-product-admin.js';
import { stockAdjustments } from './037-stock-adjustments.js';
import { inventoryCounts } from './038-inventory-counts.js';
import { packageCosts } from './039-package-costs.js';
import { packageRooms } from './040-package-rooms.js';
import { receiving } from './041-receiving.js';
import { statePackageRecords } from './042-state-package-records.js';
import { deals } from './043-deals.js';
import { orderDeals } from './044-order-deals.js';
import { loyalty } from './045-loyalty.js';
import { customerVeteran } from './046-customer-veteran.js';
import { productTags } from './047-product-tags.js';
import { loyaltyExpiry } from './048-loyalty-expiry.js';
import { manualDiscounts } from './049-manual-discounts.js';
import { dealUses } from './050-deal-uses.js';
import { reportRangeIndexes } from './051-report-indexes.js';
import { reportDayTotals } from './052-report-day-totals.js';
import { forwardAppliedSeq } from './053-forward-applied-seq.js';
import { refundKeys } from './054-refund-keys.js';
import { packageLabelKey } from './055-package-label-key.js';
import { paidWithoutPayment } from './056-paid-without-payment.js';
import { paidWithoutPaymentDays } from './057-paid-without-payment-days.js';
import { catalogStockSets } from './058-catalog-stock-sets.js';
import { skuAnyCase } from './059-sku-any-case.js';
import { statusHistoryReached } from './060-status-history-reached.js';
import { closedInShift } from './061-closed-in-shift.js';
import { pointsHolds } from './062-points-holds.js';
import { dealUseHolds } from './063-deal-use-holds.js';
import { ledgerOrderNumber } from './064-ledger-order-number.js';
import { registerRewardDays } from './065-register-reward-days.js';
import { refundLines } from './066-refund-lines.js';
import { auditDetails } from './067-audit-details.js';
import { packageCostBasis } from './068-package-cost-basis.js';
import { linkAnsweredAt } from './069-link-answered-at.js';
import { forwardSent } from './070-forward-sent.js';
import { forwardQueueMarks } from './071-forward-queue-marks.js';
import { shiftLateCount } from './072-shift-late-count.js';
import { displaySetBy } from './073-display-set-by.js';
import { customerEmailKey } from './074-customer-email-key.js';
import type { Migration } from './migration.js';

export type { Migration, MigrationContext } from './migration.js';

/** Every migration, in order. The last one's version is the schema this code expects. */
export const MIGRATIONS: readonly Migration[] = [
  initial,
  payments,
  storeServer,
  records,
  reportIndexes,
  webhooks,
  cashDrawers,
  shiftListIndex,
  shiftStamps,
  receiptPrinters,
  cashPolicy,
  customers,
  productCompliance,
  orderCustomers,
  orderItemMeasures,
  stateReporting,
  storeLicence,
  registers,
  replicaVersion,
  forwarding,
  stockHolds,
  storedCardPayments,
  forwardBaseVersion,
  customersChanged,
  staleWriteGuard,
  offlineCardCaps,
  storeReplicaVersions,
  forwardAfter,
  drawerKicks,
  stockShort,
  allowanceHolds,
  orderPaymentStatus,
  pickupHold,
  pickupQueue,
  orderLoans,
  productAdmin,
  stockAdjustments,
  inventoryCounts,
  packageCosts,
  packageRooms,
  receiving,
  statePackageRecords,
  deals,
  orderDeals,
  loyalty,
  customerVeteran,
  productTags,
  loyaltyExpiry,
  manualDiscounts,
  dealUses,
  reportRangeIndexes,
  reportDayTotals,
  forwardAppliedSeq,
  refundKeys,
  packageLabelKey,
  paidWithoutPayment,
  paidWithoutPaymentDays,
  catalogStockSets,
  skuAnyCase,
  statusHistoryReached,
  closedInShift,
  pointsHolds,
  dealUseHolds,
  ledgerOrderNumber,
  registerRewardDays,
  refundLines,
  auditDetails,
  packageCostBasis,
  linkAnsweredAt,
  forwardSent,
  forwardQueueMarks,
  shiftLateCount,
  displaySetBy,
  customerEmailKey,
];

/** The schema version this build of the service is written for. */
export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1]!.version;
