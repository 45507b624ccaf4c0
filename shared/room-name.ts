/** The longest a room's name may be: the service's rule, the API's schema and the back office's fields. */
export const ROOM_NAME_MAX = 60;
