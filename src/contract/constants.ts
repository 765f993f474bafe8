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

/** The header the operator's routes (`/lk/api/admin/…`) take ADMIN_TOKEN in; the operator CLI sends it. */
export const ADMIN_TOKEN_HEADER = 'x-admin-token';

export const DEFAULT_INITIALS = 'SC';
export const ACTION_DEFAULT_POINTS_PERCENT = 10;
export const ACTION_DEFAULT_VALIDITY_DAYS = 60;

/** SPEC §9: a scroll indicator clears this long after scrolling stops. */
export const SCROLL_INDICATOR_CLEAR_MS = 600;

/** A password reset link works once, for this long after it was sent. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
/** A link confirming a new e-mail address works once, for this long (a mailbox may be read later in the day). */
export const EMAIL_CHANGE_TTL_MS = 24 * 60 * 60 * 1000;
/** Pages the account mails link to (under PUBLIC_URL), with `?token=…`. */
export const RESET_PASSWORD_PATH = '/reset-password';
export const CONFIRM_EMAIL_PATH = '/confirm-email';
/** A link's token is 32 random bytes in base64url (43 characters); anything much longer is not ours. */
export const ACCOUNT_TOKEN_MAX_LENGTH = 128;

/** A team invitation's link works once, for this long: an invitee may read the mail days later. */
export const TEAM_INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** The page the invitation mail links to (under PUBLIC_URL), with `?token=…`. */
export const TEAM_INVITATION_PATH = '/team/accept';
/** Which seller's cabinet a team member has chosen in the header (survives a reload). */
export const ACTING_SELLER_STORAGE_KEY = 'scanapp-acting-seller';
