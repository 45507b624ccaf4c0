import { lazyScreen } from './lazy-screen';

// Each tab's screen but the first (the virtual terminal, shown at sign-in and kept in the main
// chunk so it never flashes "Opening"), each loaded from its own chunk when its tab is first opened.
// The labels are the tabs' (BackOffice.vue).
export const OrdersView = lazyScreen('Orders', () => import('./OrdersView.vue'));
export const CustomersView = lazyScreen('Customers', () => import('./customers/CustomersView.vue'));
export const ProductsTab = lazyScreen('Products', () => import('./products/ProductsTab.vue'));
export const DealsView = lazyScreen('Deals', () => import('./deals/DealsView.vue'));
export const SalesView = lazyScreen("Today's sales", () => import('./SalesView.vue'));
export const ReportsView = lazyScreen('Reports', () => import('./reports/ReportsView.vue'));
export const DrawersView = lazyScreen('Drawers', () => import('./DrawersView.vue'));
export const AuditView = lazyScreen('Audit trail', () => import('./AuditView.vue'));
export const StateReportingView = lazyScreen('State reporting', () => import('./StateReportingView.vue'));
export const SetupView = lazyScreen('Store setup', () => import('./setup/SetupView.vue'));
