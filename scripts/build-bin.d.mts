/** Where the bundles go: out/bin/<command>.mjs. */
export const BIN_DIR: string;
/** Packages bundled in rather than loaded from node_modules at run time. */
export const BUNDLED_PACKAGES: string[];
/** Builds out/bin/servicepay.mjs and out/bin/serve.mjs (or into `outdir`); answers the files written. */
export function buildBin(options?: { outdir?: string }): Promise<string[]>;
