/** The screens a back office is used on: a small laptop, a common one, a desktop monitor (axe runs at each). */
export const BACK_OFFICE_SIZES = [
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
] as const;
