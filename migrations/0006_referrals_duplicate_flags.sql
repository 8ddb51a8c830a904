DROP INDEX `referrals_duplicate_idx`;--> statement-breakpoint
CREATE INDEX `referrals_duplicate_idx` ON `referrals` (`created_at`,`id`) WHERE "referrals"."duplicate_of_id" IS NOT NULL;