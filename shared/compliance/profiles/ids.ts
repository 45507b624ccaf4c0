/** The ids of the shipped state profiles (index.ts loads them), for schemas that name one. */
export const STATE_PROFILE_IDS = ['us-ca', 'us-co'] as const;
export type StateProfileId = (typeof STATE_PROFILE_IDS)[number];

/** What people read for each: the state's name. */
export const STATE_PROFILE_NAMES: Record<StateProfileId, string> = { 'us-ca': 'California', 'us-co': 'Colorado' };
