/** The register sizes a dispensary's touchscreens come in. */
export const REGISTER_SIZES = [
  { width: 1024, height: 768 },
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;
