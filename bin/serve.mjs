#!/usr/bin/env node
// Runs the TypeScript service directly through tsx's loader; nothing is built ahead of time.
import { register } from 'tsx/esm/api';

register();
await import('../electron/server/main.ts');
