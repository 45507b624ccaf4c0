#!/usr/bin/env node
// The `servicepay` admin command. Runs the TypeScript CLI through tsx's loader.
import { register } from 'tsx/esm/api';

register();
await import('../electron/cli/main.ts');
