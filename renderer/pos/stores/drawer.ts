import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import type { DrawerState } from '../../../shared/contracts/cash-policy';
import type { CashMovementKind, DrawerReport, ManagerApproval, ShiftView } from '../../../shared/contracts/cash';
import { entryBody, type CountEntry } from '../logic/cash-count';
import { usePrinterStore } from './printer';
import { refusalWords } from '../../common/refusal';
import { DISPENSARY } from './catalog';
import { terminal, useSessionStore } from './session';

const DRAWER = () => `/v2.0/dispensary/${DISPENSARY}/drawers/${terminal.terminalId}`;

/**
 * This register's cash drawer (README "Cash drawers"): its open shift, read at sign-in and after
 * each sale; the X report with its movements while it is open; the Z report once it is closed.
 * Actions throw the service's refusal (ApiError); the screen that caused it shows it in words.
 */
export const useDrawerStore = defineStore('drawer', () => {
  const shift = shallowRef<ShiftView | null>(null);
  /** The register's drawer state is known (read at least once). */
  const known = ref(false);
  const loadError = ref('');
  /** The open shift's latest X report (movements, flows), read when the drawer screen shows. */
  const xReport = shallowRef<DrawerReport | null>(null);
  /** The Z report of the close just made, shown until the cashier is done with it. */
  const zReport = shallowRef<DrawerReport | null>(null);
  const isOpen = computed(() => shift.value?.status === 'open');
  const isManager = computed(() => useSessionStore().user?.permissions.includes('store:manage') ?? false);
  /** The store's cash policy (blind closes, movements needing a manager's PIN) and who can approve. */
  const policy = shallowRef<DrawerState['policy']>({ blindClose: false, managerApproval: [], approvers: [] });
  /** A cashier needs a manager's PIN for `kind` (a manager approves their own). */
  const needsApproval = (kind: CashMovementKind) => !isManager.value && policy.value.managerApproval.includes(kind);

  /** Reads the register's open shift (null: the drawer is closed) and the store's cash policy. */
  async function load(): Promise<void> {
    const { api } = useSessionStore();
    try {
      const state = await api.get<DrawerState>(DRAWER());
      shift.value = state.shift;
      policy.value = state.policy;
      known.value = true;
      loadError.value = '';
    } catch (failure) {
      loadError.value = refusalWords(failure, 'The drawer could not be read');
    }
  }

  /** Reads the X report of the open shift (its cash so far and its movements). */
  async function readX(): Promise<DrawerReport> {
    const { api } = useSessionStore();
    const { report } = await api.get<{ report: DrawerReport }>(`${DRAWER()}/x-report`);
    xReport.value = report;
    shift.value = report.shift;
    return report;
  }

  async function open(entry: CountEntry, blind: boolean): Promise<void> {
    const { api } = useSessionStore();
    const body = { ...entryBody(entry), ...(blind ? { blind: true } : {}) };
    shift.value = (await api.post<{ shift: ShiftView }>(`${DRAWER()}/open`, body)).shift;
    known.value = true;
    xReport.value = null;
    zReport.value = null;
  }

  /**
   * Records a paid-in, paid-out, safe drop or no-sale (which also opens the drawer on the register's
   * printer), then reads the X report again. `approval` is the manager's, where the store asks for
   * one. Answers what to tell the cashier about the drawer.
   */
  async function move(kind: CashMovementKind, amount: number, reason: string, approval?: ManagerApproval) {
    const { api } = useSessionStore();
    let note = '';
    if (kind === 'no_sale') note = await usePrinterStore().openDrawerNoSale(reason, approval);
    else await api.post(`${DRAWER()}/movements`, { kind, amount, reason, ...(approval && { approval }) });
    await readX();
    return note;
  }

  /** Closes the shift with the count: final. The Z report stays shown until `done`. */
  async function close(entry: CountEntry): Promise<DrawerReport> {
    const { api } = useSessionStore();
    const { report } = await api.post<{ report: DrawerReport }>(`${DRAWER()}/close`, entryBody(entry));
    zReport.value = report;
    shift.value = null;
    xReport.value = null;
    return report;
  }

  function done(): void {
    zReport.value = null;
  }

  /** Forgets the drawer (a new sign-in reads it again). */
  function forget(): void {
    shift.value = xReport.value = zReport.value = null;
    known.value = false;
    loadError.value = '';
  }

  return {
    ...{ shift, known, loadError, xReport, zReport, isOpen, isManager, policy, needsApproval },
    ...{ load, readX, open, move, close, done, forget },
  };
});
