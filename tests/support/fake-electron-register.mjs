// Preloaded with `node --import tsx --import ./tests/support/fake-electron-register.mjs`: makes
// `import … from 'electron'` load ./fake-electron.ts, so the built main bundle runs under Node.
import { register } from 'node:module';

register('./fake-electron-hooks.mjs', import.meta.url);
