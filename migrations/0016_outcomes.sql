CREATE TABLE `application_outcomes` (
	`id` text PRIMARY KEY NOT NULL,
	`application_id` text NOT NULL,
	`referrer_id` text NOT NULL,
	`step` text NOT NULL,
	`actor_id` text,
	`amount` real,
	`method` text,
	`note` text,
	`days_to_pay` real,
	`closed_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`application_id`) REFERENCES `applications`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`referrer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `application_outcomes_one_per_step` ON `application_outcomes` (`application_id`,`step`);--> statement-breakpoint
CREATE INDEX `application_outcomes_referrer_idx` ON `application_outcomes` (`referrer_id`,`step`,`days_to_pay`);--> statement-breakpoint
CREATE INDEX `application_outcomes_disputes_idx` ON `application_outcomes` (`created_at`,`id`) WHERE "application_outcomes"."step" = 'share-not-received' AND "application_outcomes"."closed_at" IS NULL;--> statement-breakpoint
CREATE TABLE `referral_daily` (
	`referral_id` text NOT NULL,
	`referrer_id` text NOT NULL,
	`day` integer NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`clicks` integer DEFAULT 0 NOT NULL,
	`applications` integer DEFAULT 0 NOT NULL,
	`approvals` integer DEFAULT 0 NOT NULL,
	`successes` integer DEFAULT 0 NOT NULL,
	`shares_paid` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`referral_id`, `day`),
	FOREIGN KEY (`referral_id`) REFERENCES `referrals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`referrer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `referral_daily_referrer_day_idx` ON `referral_daily` (`referrer_id`,`day`);--> statement-breakpoint
CREATE TABLE `referral_views` (
	`referral_id` text NOT NULL,
	`viewer` text NOT NULL,
	`day` integer NOT NULL,
	PRIMARY KEY(`referral_id`, `day`, `viewer`),
	FOREIGN KEY (`referral_id`) REFERENCES `referrals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `comments` ADD `stage` text DEFAULT 'applied' NOT NULL;--> statement-breakpoint
ALTER TABLE `comments` ADD `verified_outcome` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `confirmed_successes` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `shares_promised` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `shares_paid` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `median_days_to_pay` real;--> statement-breakpoint
ALTER TABLE `users` ADD `open_disputes` integer DEFAULT 0 NOT NULL;