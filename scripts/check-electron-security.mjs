#!/usr/bin/env node
// `npm run check:electron`: scans the Electron shell (electron/app) with Electronegativity and fails
// on any high-severity finding. Electronegativity's own command always exits 0 (and its CLI entry
// breaks on the project's newer `commander`), and its CSV writer races its header against the rows,
// so this runs its scanner as a library, writes the SARIF report for CI, and decides on the findings
// the scanner returns.
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { toFinding, verdict } from './electron-security-report.mjs';

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL('..', import.meta.url));

const { values } = parseArgs({ options: { input: { type: 'string' }, sarif: { type: 'string' } } });
const input = resolve(values.input ?? join(root, 'electron', 'app'));
const sarif = resolve(values.sarif ?? join(root, 'test-results', 'electronegativity.sarif'));
mkdirSync(join(sarif, '..'), { recursive: true });

const scan = require('@doyensec/electronegativity');
const result = await scan({
  input,
  output: sarif,
  isSarif: true,
  isRelative: true,
  customScan: [],
  // It reads the Electron version from a package.json (electron/app has none) and spends its time
  // on a network request for Electron's release list; the version is pinned in package.json.
  excludeFromScan: ['AvailableSecurityFixesGlobalCheck'],
  electronVersionOverride: require('electron/package.json').version,
  parserPlugins: [],
});

const { lines, failed } = verdict(result.issues.map(toFinding), result.errors);
console.log(`electronegativity: scanned ${input} (SARIF report: ${sarif})`);
for (const line of lines) console.log(line);
process.exitCode = failed ? 1 : 0;
