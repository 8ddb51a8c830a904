CREATE INDEX `referrals_created_idx` ON `referrals` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `referrals_card_created_idx` ON `referrals` (`credit_card_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `users_full_name_lower_idx` ON `users` (lower("first_name"),lower("last_name"));--> statement-breakpoint
CREATE INDEX `users_last_name_lower_idx` ON `users` (lower("last_name"));