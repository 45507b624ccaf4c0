/** One Electronegativity finding, as plain strings. */
export interface Finding {
  id: string;
  severity: string;
  confidence: string;
  file: string;
  line: number;
  column: number;
  description: string;
}
/** A file the scanner reported trouble with; `tolerable` ones were still scanned. */
export interface ScanError {
  file: string;
  message: string;
  tolerable: boolean;
}
/** Severities that fail the check. */
export const FAILING_SEVERITIES: string[];
/** Flattens a finding of Electronegativity's runner. */
export function toFinding(issue: unknown): Finding;
/** The report lines, and whether the check fails. */
export function verdict(findings: Finding[], errors?: ScanError[]): { lines: string[]; failed: boolean };
