ALTER TABLE `referrals` ADD `code` text;--> statement-breakpoint
ALTER TABLE `referrals` ADD `duplicate_of_id` text;--> statement-breakpoint
ALTER TABLE `referrals` ADD `card_active` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `referrals` ADD `card_annual_fee` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `referrals` ADD `bonus_amount` real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `referrals` ADD `referrer_active` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `referrals` ADD `rotation_0` real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `referrals` ADD `rotation_1` real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `referrals` ADD `rotation_2` real DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `referrals` ADD `rotation_3` real DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `referrals_code_unique` ON `referrals` (`code`);--> statement-breakpoint
CREATE INDEX `referrals_duplicate_idx` ON `referrals` (`duplicate_of_id`) WHERE "referrals"."duplicate_of_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `referrals_rotation0_idx` ON `referrals` (`rotation_0`,`id`,`referrer_credit`,`sharing_benefit_portion`,`card_annual_fee`) WHERE "is_active" = 1 AND "card_active" = 1 AND "referrer_active" = 1 AND coalesce("available_refer_count", 1) > 0;--> statement-breakpoint
CREATE INDEX `referrals_rotation1_idx` ON `referrals` (`rotation_1`,`id`,`referrer_credit`,`sharing_benefit_portion`,`card_annual_fee`) WHERE "is_active" = 1 AND "card_active" = 1 AND "referrer_active" = 1 AND coalesce("available_refer_count", 1) > 0;--> statement-breakpoint
CREATE INDEX `referrals_rotation2_idx` ON `referrals` (`rotation_2`,`id`,`referrer_credit`,`sharing_benefit_portion`,`card_annual_fee`) WHERE "is_active" = 1 AND "card_active" = 1 AND "referrer_active" = 1 AND coalesce("available_refer_count", 1) > 0;--> statement-breakpoint
CREATE INDEX `referrals_rotation3_idx` ON `referrals` (`rotation_3`,`id`,`referrer_credit`,`sharing_benefit_portion`,`card_annual_fee`) WHERE "is_active" = 1 AND "card_active" = 1 AND "referrer_active" = 1 AND coalesce("available_refer_count", 1) > 0;--> statement-breakpoint
CREATE INDEX `referrals_sharing_idx` ON `referrals` (`sharing_benefit_portion`,`id`,`referrer_credit`,`card_annual_fee`) WHERE "is_active" = 1 AND "card_active" = 1 AND "referrer_active" = 1 AND coalesce("available_refer_count", 1) > 0;--> statement-breakpoint
CREATE INDEX `referrals_bonus_idx` ON `referrals` (`bonus_amount`,`id`,`referrer_credit`,`sharing_benefit_portion`,`card_annual_fee`) WHERE "is_active" = 1 AND "card_active" = 1 AND "referrer_active" = 1 AND coalesce("available_refer_count", 1) > 0;--> statement-breakpoint
CREATE INDEX `referrals_fee_idx` ON `referrals` (`card_annual_fee`,`id`,`referrer_credit`,`sharing_benefit_portion`) WHERE "is_active" = 1 AND "card_active" = 1 AND "referrer_active" = 1 AND coalesce("available_refer_count", 1) > 0;