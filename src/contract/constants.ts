/** Business constants of SPEC §9 and the product-wide limits built on them. */
export const PASSWORD_MIN_LENGTH = 6;
/** argon2 hashes long inputs fine, but an unbounded password is a cheap DoS vector. */
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;

/** Browser storage key of the signed-in session (SPEC §3 Session). */
export const SESSION_STORAGE_KEY = 'scanapp-auth';

/** Base path of the JSON API (SPEC §7). */
export const API_BASE = '/lk/api';

export const DEFAULT_INITIALS = 'SC';
export const ACTION_DEFAULT_POINTS_PERCENT = 10;
export const ACTION_DEFAULT_VALIDITY_DAYS = 60;

/** SPEC §9: a scroll indicator clears this long after scrolling stops. */
export const SCROLL_INDICATOR_CLEAR_MS = 600;
