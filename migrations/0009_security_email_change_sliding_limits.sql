CREATE TABLE `rate_limit_hits` (
	`id` text PRIMARY KEY NOT NULL,
	`key` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_limit_hits_key_at_idx` ON `rate_limit_hits` (`key`,`at`);--> statement-breakpoint
CREATE INDEX `rate_limit_hits_at_idx` ON `rate_limit_hits` (`at`);--> statement-breakpoint
DROP TABLE `rate_limits`;--> statement-breakpoint
ALTER TABLE `auth_tokens` ADD `email` text;--> statement-breakpoint
CREATE INDEX `auth_tokens_email_purpose_idx` ON `auth_tokens` (`email`,`purpose`);--> statement-breakpoint
ALTER TABLE `users` ADD `pending_email` text;