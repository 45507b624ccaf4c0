// Turns Electronegativity's findings into the check's verdict (pure, so the tests can feed it
// findings without the ~5 s scan). Used by check-electron-security.mjs.

/** Findings of these severities fail the check. */
export const FAILING_SEVERITIES = ['HIGH'];

/** A finding as Electronegativity's runner returns it, flattened to plain strings. */
export function toFinding(issue) {
  return {
    id: issue.id,
    severity: issue.severity?.name ?? String(issue.severity),
    confidence: issue.confidence?.name ?? String(issue.confidence),
    file: issue.file,
    line: issue.location?.line ?? 0,
    column: issue.location?.column ?? 0,
    description: issue.description,
  };
}

/**
 * The report lines and whether the check fails: on any high-severity finding, and on any file
 * the scanner could not parse (an unparsed file is an unchecked file).
 */
export function verdict(findings, errors = []) {
  const fatal = errors.filter((error) => !error.tolerable);
  const failing = findings.filter((finding) => FAILING_SEVERITIES.includes(finding.severity));
  const lines = findings.map(
    (f) =>
      `${f.severity.padEnd(13)} ${f.confidence.padEnd(9)} ${f.id}  ${f.file}:${f.line}:${f.column}  ${f.description}`,
  );
  for (const error of fatal) lines.push(`PARSE ERROR   ${error.file}: ${error.message}`);
  const counts = `${findings.length} finding(s), ${failing.length} of severity ${FAILING_SEVERITIES.join('/')}`;
  lines.push(
    failing.length || fatal.length
      ? `electronegativity: FAILED: ${counts}${fatal.length ? `, ${fatal.length} file(s) not parsed` : ''}`
      : `electronegativity: passed: ${counts}`,
  );
  return { lines, failed: failing.length > 0 || fatal.length > 0 };
}
