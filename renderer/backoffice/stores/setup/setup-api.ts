import { DISPENSARY, useSessionStore } from '../session';

/** Where the set-up API of this back office's store lives. */
export const SETUP = `/v2.0/dispensary/${DISPENSARY}/setup`;

/** The session's API (bearer token of the signed-in manager). */
export const api = () => useSessionStore().api;

/** A path segment of a name or code, escaped. */
export const segment = (value: string) => encodeURIComponent(value);
