import { messages } from './messages.js';
import { z } from './zod-setup.js';

// The referral programme («Пригласить друга»): an invitation's life and how the buyer
// card shows it. Its settings are the `referral` section of bot-features.ts.

const m = messages.referral;

/** joined: a new shopper came by the link; rewarded: both got points at the friend's first receipt; refused: see the reason. */
export const REFERRAL_STATUSES = ['joined', 'rewarded', 'refused'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

export const REFERRAL_REFUSALS = ['self', 'second_link', 'existing_shopper', 'monthly_cap', 'inviter_blocked'] as const;
export type ReferralRefusal = (typeof REFERRAL_REFUSALS)[number];

export const REFERRAL_STATUS_LABELS: Record<ReferralStatus, string> = {
  joined: m.statusJoined,
  rewarded: m.statusRewarded,
  refused: m.statusRefused,
};

export const REFERRAL_REFUSAL_LABELS: Record<ReferralRefusal, string> = {
  self: m.refusalSelf,
  second_link: m.refusalSecondLink,
  existing_shopper: m.refusalExistingShopper,
  monthly_cap: m.refusalMonthlyCap,
  inviter_blocked: m.refusalInviterBlocked,
};

/** `/start r_<code>`: the deep link's payload of an invitation. */
export const REFERRAL_PAYLOAD_PREFIX = 'r_';

/** One invitation on the buyer card: the buyer is the inviter or the friend. */
export const buyerReferralSchema = z.object({
  id: z.number().int(),
  inviter_tg_id: z.string(),
  inviter_name: z.string().nullable(),
  friend_tg_id: z.string(),
  friend_name: z.string().nullable(),
  status: z.enum(REFERRAL_STATUSES),
  status_label: z.string(),
  refusal: z.enum(REFERRAL_REFUSALS).nullable(),
  /** Why it was refused, in Russian (null unless refused). */
  refusal_label: z.string().nullable(),
  joined_at: z.string(),
  decided_at: z.string().nullable(),
});
