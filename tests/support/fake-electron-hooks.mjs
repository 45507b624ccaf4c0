// Module resolution hook (see fake-electron-register.mjs): 'electron' is the fake.
import { URL } from 'node:url';

const FAKE = new URL('./fake-electron.ts', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  // Resolved by the next hook (tsx's), which marks the file as TypeScript for its loader.
  if (specifier === 'electron') return nextResolve(FAKE, context);
  return nextResolve(specifier, context);
}
