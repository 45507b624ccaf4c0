// A drawer report's CSV is written once, in shared/ (`servicepay drawers … --csv` writes the same).
export { REPORT_CSV_HEADER, reportCsv, reportFileName } from '../../../shared/receipt/drawer-report-csv';
