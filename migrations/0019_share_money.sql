CREATE TABLE `reward_valuations` (
	`id` text PRIMARY KEY NOT NULL,
	`program` text NOT NULL,
	`unit` text DEFAULT 'Points' NOT NULL,
	`cents_per_point` real NOT NULL,
	`source` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reward_valuations_program_unique` ON `reward_valuations` (lower("program"));--> statement-breakpoint
ALTER TABLE `applications` ADD `promised_share_cents` integer;--> statement-breakpoint
ALTER TABLE `applications` ADD `promised_share_method` text DEFAULT 'chat' NOT NULL;--> statement-breakpoint
ALTER TABLE `applications` ADD `promised_share_method_note` text;--> statement-breakpoint
ALTER TABLE `applications` ADD `promised_share_deadline_days` integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE `applications` ADD `share_due_at` integer;--> statement-breakpoint
CREATE INDEX `applications_share_due_idx` ON `applications` (`share_due_at`,`referrer_id`) WHERE "applications"."share_due_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE `credit_cards` ADD `rewards_program_id` text REFERENCES reward_valuations(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `referrals` ADD `share_amount_cents` integer;--> statement-breakpoint
ALTER TABLE `referrals` ADD `share_method` text DEFAULT 'chat' NOT NULL;--> statement-breakpoint
ALTER TABLE `referrals` ADD `share_method_note` text;--> statement-breakpoint
ALTER TABLE `referrals` ADD `share_deadline_days` integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE `referrals` ADD `share_terms_set_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `late_shares` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `users_late_shares_idx` ON `users` (`id`) WHERE "users"."late_shares" > 0;
--> statement-breakpoint
-- Hand-written seed and backfill (docs/decisions/185-share-is-money.md). The valuations: db/seed/valuations.ts.
INSERT OR IGNORE INTO `reward_valuations` (`id`, `program`, `unit`, `cents_per_point`, `source`, `created_at`, `updated_at`) VALUES
  ('val-chase-ur', 'Chase Ultimate Rewards', 'Points', 2.05, 'Approximate published valuations (The Points Guy-style monthly figures, 2025), rounded', 1795737600000, 1795737600000),
  ('val-amex-mr', 'American Express Membership Rewards', 'Points', 2, 'Approximate published valuations (The Points Guy-style monthly figures, 2025), rounded', 1795737600000, 1795737600000),
  ('val-capital-one', 'Capital One Miles', 'Miles', 1.85, 'Approximate published valuations (The Points Guy-style monthly figures, 2025), rounded', 1795737600000, 1795737600000),
  ('val-citi-typ', 'Citi ThankYou Points', 'Points', 1.9, 'Approximate published valuations (The Points Guy-style monthly figures, 2025), rounded', 1795737600000, 1795737600000),
  ('val-bilt', 'Bilt Rewards', 'Points', 2.2, 'Approximate published valuations (The Points Guy-style monthly figures, 2025), rounded', 1795737600000, 1795737600000),
  ('val-united', 'United MileagePlus', 'Miles', 1.35, 'Approximate published valuations (The Points Guy-style monthly figures, 2025), rounded', 1795737600000, 1795737600000),
  ('val-southwest', 'Southwest Rapid Rewards', 'Points', 1.3, 'Approximate published valuations (The Points Guy-style monthly figures, 2025), rounded', 1795737600000, 1795737600000),
  ('val-delta', 'Delta SkyMiles', 'Miles', 1.2, 'Approximate published valuations (The Points Guy-style monthly figures, 2025), rounded', 1795737600000, 1795737600000),
  ('val-aa', 'American Airlines AAdvantage', 'Miles', 1.65, 'Approximate published valuations (The Points Guy-style monthly figures, 2025), rounded', 1795737600000, 1795737600000),
  ('val-jetblue', 'JetBlue TrueBlue', 'Points', 1.35, 'Approximate published valuations (The Points Guy-style monthly figures, 2025), rounded', 1795737600000, 1795737600000),
  ('val-hyatt', 'World of Hyatt', 'Points', 1.7, 'Approximate published valuations (The Points Guy-style monthly figures, 2025), rounded', 1795737600000, 1795737600000),
  ('val-marriott', 'Marriott Bonvoy', 'Points', 0.7, 'Approximate published valuations (The Points Guy-style monthly figures, 2025), rounded', 1795737600000, 1795737600000),
  ('val-hilton', 'Hilton Honors', 'Points', 0.5, 'Approximate published valuations (The Points Guy-style monthly figures, 2025), rounded', 1795737600000, 1795737600000),
  ('val-wells', 'Wells Fargo Rewards', 'Points', 1, 'Approximate published valuations (The Points Guy-style monthly figures, 2025), rounded', 1795737600000, 1795737600000),
  ('val-bofa', 'Bank of America Travel Rewards', 'Points', 1, 'Approximate published valuations (The Points Guy-style monthly figures, 2025), rounded', 1795737600000, 1795737600000),
  ('val-usbank', 'U.S. Bank Altitude', 'Points', 1, 'Approximate published valuations (The Points Guy-style monthly figures, 2025), rounded', 1795737600000, 1795737600000);
--> statement-breakpoint
UPDATE `credit_cards` SET `rewards_program_id` = 'val-chase-ur' WHERE `rewards_program_id` IS NULL AND `is_user_added` = 0 AND `name` IN ('Chase Sapphire Preferred Card', 'Chase Sapphire Reserve', 'Chase Freedom Unlimited', 'Chase Freedom Flex', 'Ink Business Preferred Credit Card', 'Ink Business Cash Credit Card', 'Ink Business Unlimited Credit Card');
--> statement-breakpoint
UPDATE `credit_cards` SET `rewards_program_id` = 'val-amex-mr' WHERE `rewards_program_id` IS NULL AND `is_user_added` = 0 AND `name` IN ('The Platinum Card from American Express', 'American Express Gold Card', 'American Express Green Card', 'The Business Platinum Card from American Express', 'American Express Business Gold Card', 'The Blue Business Plus Credit Card from American Express');
--> statement-breakpoint
UPDATE `credit_cards` SET `rewards_program_id` = 'val-capital-one' WHERE `rewards_program_id` IS NULL AND `is_user_added` = 0 AND `name` IN ('Capital One Venture X Rewards Credit Card', 'Capital One Venture Rewards Credit Card', 'Capital One VentureOne Rewards Credit Card');
--> statement-breakpoint
UPDATE `credit_cards` SET `rewards_program_id` = 'val-citi-typ' WHERE `rewards_program_id` IS NULL AND `is_user_added` = 0 AND `name` IN ('Citi Strata Premier Card');
--> statement-breakpoint
UPDATE `credit_cards` SET `rewards_program_id` = 'val-bilt' WHERE `rewards_program_id` IS NULL AND `is_user_added` = 0 AND `name` IN ('Bilt Mastercard');
--> statement-breakpoint
UPDATE `credit_cards` SET `rewards_program_id` = 'val-united' WHERE `rewards_program_id` IS NULL AND `is_user_added` = 0 AND `name` IN ('United Explorer Card');
--> statement-breakpoint
UPDATE `credit_cards` SET `rewards_program_id` = 'val-southwest' WHERE `rewards_program_id` IS NULL AND `is_user_added` = 0 AND `name` IN ('Southwest Rapid Rewards Plus Credit Card');
--> statement-breakpoint
UPDATE `credit_cards` SET `rewards_program_id` = 'val-delta' WHERE `rewards_program_id` IS NULL AND `is_user_added` = 0 AND `name` IN ('Delta SkyMiles Gold American Express Card', 'Delta SkyMiles Platinum American Express Card');
--> statement-breakpoint
UPDATE `credit_cards` SET `rewards_program_id` = 'val-aa' WHERE `rewards_program_id` IS NULL AND `is_user_added` = 0 AND `name` IN ('AAdvantage Aviator Red World Elite Mastercard');
--> statement-breakpoint
UPDATE `credit_cards` SET `rewards_program_id` = 'val-jetblue' WHERE `rewards_program_id` IS NULL AND `is_user_added` = 0 AND `name` IN ('JetBlue Plus Card');
--> statement-breakpoint
UPDATE `credit_cards` SET `rewards_program_id` = 'val-hyatt' WHERE `rewards_program_id` IS NULL AND `is_user_added` = 0 AND `name` IN ('World of Hyatt Credit Card');
--> statement-breakpoint
UPDATE `credit_cards` SET `rewards_program_id` = 'val-marriott' WHERE `rewards_program_id` IS NULL AND `is_user_added` = 0 AND `name` IN ('Marriott Bonvoy Boundless Credit Card');
--> statement-breakpoint
UPDATE `credit_cards` SET `rewards_program_id` = 'val-hilton' WHERE `rewards_program_id` IS NULL AND `is_user_added` = 0 AND `name` IN ('Hilton Honors American Express Card', 'Hilton Honors American Express Surpass Card');
--> statement-breakpoint
UPDATE `credit_cards` SET `rewards_program_id` = 'val-wells' WHERE `rewards_program_id` IS NULL AND `is_user_added` = 0 AND `name` IN ('Wells Fargo Autograph Card');
--> statement-breakpoint
UPDATE `credit_cards` SET `rewards_program_id` = 'val-bofa' WHERE `rewards_program_id` IS NULL AND `is_user_added` = 0 AND `name` IN ('Bank of America Travel Rewards Credit Card');
--> statement-breakpoint
UPDATE `credit_cards` SET `rewards_program_id` = 'val-usbank' WHERE `rewards_program_id` IS NULL AND `is_user_added` = 0 AND `name` IN ('U.S. Bank Altitude Go Card');
--> statement-breakpoint
-- Existing referrals with a share: its amount in US cents from the valuation (the special referrer
-- bonus when given, else the card's; points and miles at their program's value, or the unit's
-- default of ADR 130), method 'chat' and 7 days until the referrer confirms them (terms not set).
UPDATE `referrals` SET `share_amount_cents` = (
  SELECT CAST(round(b.amount * `referrals`.sharing_benefit_portion * (CASE b.unit
      WHEN 'USD' THEN 100.0
      WHEN 'Points' THEN coalesce(v.cents_per_point, 1.0)
      WHEN 'Miles' THEN coalesce(v.cents_per_point, 1.2)
    END) / 100.0) AS INTEGER)
  FROM (SELECT
      CASE WHEN coalesce(`referrals`.special_referrer_bonus_amount, 0) > 0 THEN `referrals`.special_referrer_bonus_amount ELSE c.referral_bonus_amount END AS amount,
      CASE WHEN coalesce(`referrals`.special_referrer_bonus_amount, 0) > 0 THEN coalesce(`referrals`.special_referrer_bonus_unit, 'USD') ELSE c.referral_bonus_unit END AS unit,
      c.rewards_program_id AS program
    FROM credit_cards c WHERE c.id = `referrals`.credit_card_id) b
  LEFT JOIN reward_valuations v ON v.id = b.program
  WHERE b.amount > 0 AND b.unit IN ('USD', 'Points', 'Miles')
)
WHERE `sharing_benefit_portion` > 0;
--> statement-breakpoint
-- Applications keep what they were promised: the share in cents from their own promised bonus.
UPDATE `applications` SET `promised_share_cents` = (
  SELECT CAST(round(`applications`.promised_bonus_amount * `applications`.promised_share_percent * (CASE `applications`.promised_bonus_unit
      WHEN 'USD' THEN 100.0
      WHEN 'Points' THEN coalesce(v.cents_per_point, 1.0)
      WHEN 'Miles' THEN coalesce(v.cents_per_point, 1.2)
    END) / 100.0) AS INTEGER)
  FROM credit_cards c LEFT JOIN reward_valuations v ON v.id = c.rewards_program_id
  WHERE c.id = `applications`.credit_card_id
)
WHERE `promised_share_percent` > 0 AND `promised_bonus_amount` > 0 AND `promised_bonus_unit` IN ('USD', 'Points', 'Miles');
--> statement-breakpoint
-- A share owed and not paid is due 7 days after its first bonus step.
UPDATE `applications` SET `share_due_at` = (
  SELECT min(o.created_at) + 7 * 86400000 FROM application_outcomes o
  WHERE o.application_id = `applications`.id AND o.step IN ('bonus-posted', 'bonus-received')
)
WHERE `promised_share_percent` > 0
  AND EXISTS (SELECT 1 FROM application_outcomes o WHERE o.application_id = `applications`.id AND o.step IN ('bonus-posted', 'bonus-received'))
  AND NOT EXISTS (SELECT 1 FROM application_outcomes o WHERE o.application_id = `applications`.id AND o.step = 'share-paid');
--> statement-breakpoint
-- Shares recorded as paid in points or miles are now in US dollars, at the same value.
UPDATE `application_outcomes` SET `amount` = (
  SELECT round(`application_outcomes`.amount * coalesce(v.cents_per_point, CASE a.promised_bonus_unit WHEN 'Miles' THEN 1.2 ELSE 1.0 END) / 100.0, 2)
  FROM applications a JOIN credit_cards c ON c.id = a.credit_card_id LEFT JOIN reward_valuations v ON v.id = c.rewards_program_id
  WHERE a.id = `application_outcomes`.application_id
)
WHERE `step` = 'share-paid' AND `amount` IS NOT NULL
  AND (SELECT a.promised_bonus_unit FROM applications a WHERE a.id = `application_outcomes`.application_id) IN ('Points', 'Miles');
