import { defineStore } from 'pinia';
import { ref, shallowRef } from 'vue';
import type { CashCount, DrawerReport, ShiftView } from '../../../shared/contracts/cash';
import { refusalOf } from '../../common/refusal';
import { DRAWERS, useDrawersStore } from './drawers';
import { useSessionStore } from './session';

type ReportAnswer = { report: DrawerReport };

/**
 * One shift's report (X while its drawer is open, Z once closed), a manager's close of a drawer left
 * open and their count of a shift closed as replaced.
 */
export const useDrawerReportStore = defineStore('drawer-report', () => {
  const report = shallowRef<DrawerReport | null>(null);
  const error = ref('');
  const loading = ref(false);
  /** What the last close did, as a sentence. */
  const message = ref('');

  const path = (shift: Pick<ShiftView, 'terminalId' | 'id'>) =>
    `${DRAWERS}/${encodeURIComponent(shift.terminalId)}/shifts/${encodeURIComponent(shift.id)}`;

  /** Shows a shift's report; `refresh` reads the one shown again (an X report changes with every sale). */
  async function show(shift: Pick<ShiftView, 'terminalId' | 'id'>, refresh = false): Promise<void> {
    const { api } = useSessionStore();
    if (!refresh) {
      message.value = '';
      report.value = null;
    }
    loading.value = true;
    try {
      report.value = (await api.get<ReportAnswer>(path(shift))).report;
      error.value = '';
    } catch (failure) {
      error.value = refusalOf(failure).sentence;
    } finally {
      loading.value = false;
    }
  }

  /** Reads the shown X report again (the drawer is still open). */
  async function refresh(): Promise<void> {
    if (report.value?.kind === 'X') await show(report.value.shift, true);
  }

  /**
   * Closes a drawer with the manager's count (final): the Z report is shown and the lists read again.
   * Throws the service's refusal for the form to show beside the count.
   */
  async function close(terminalId: string, count: CashCount): Promise<DrawerReport> {
    const { api } = useSessionStore();
    const closed = (await api.post<ReportAnswer>(`${DRAWERS}/${encodeURIComponent(terminalId)}/close`, count)).report;
    report.value = closed;
    error.value = '';
    const drawers = useDrawersStore();
    if (!(await drawers.loadOpen())) await drawers.loadPast();
    return closed;
  }

  /**
   * Counts the drawer of a shift the store server closed as replaced, not counted (final): its report
   * is shown with the count, and the past shifts read again. Throws the service's refusal for the form.
   */
  async function countLate(shift: Pick<ShiftView, 'terminalId' | 'id'>, count: CashCount): Promise<DrawerReport> {
    const { api } = useSessionStore();
    const counted = (await api.post<ReportAnswer>(`${path(shift)}/count`, count)).report;
    report.value = counted;
    error.value = '';
    await useDrawersStore().loadPast();
    return counted;
  }

  function hide(): void {
    report.value = null;
    error.value = '';
    message.value = '';
  }

  return { report, error, loading, message, show, refresh, close, countLate, hide, reset: hide };
});
