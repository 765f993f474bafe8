-- A segment starts from the narrowest set of shoppers its conditions name (modules/segments/repository.ts)
-- instead of every shopper of the action. These are the sets' indexes, each read without its table:
-- a month's birthdays, a closed draw's ticket holders, and each inviter's rewarded invitations
-- (the count «пригласил не меньше N» groups; a rewarded invitation is written once, so the
-- partial index costs nothing on the way in). Measured in docs/benchmarks.md, "Scale".
CREATE INDEX buyer_birthdays_month ON buyer_birthdays (project_id, month, buyer_tg_id);
CREATE INDEX draw_tickets_shopper ON draw_tickets (draw_id, buyer_tg_id);
CREATE INDEX referral_invitations_rewarded ON referral_invitations (project_id, inviter_tg_id) WHERE status = 'rewarded';
