#!/usr/bin/env node
// `npm start`: ServicePay POS in Electron where its binary is installed, else in browser mode.
// The logic is TypeScript in ./start/ (run through tsx, like bin/serve.mjs); see start/main.ts.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./start/main.ts');
process.exit(await main(process.argv.slice(2)));
