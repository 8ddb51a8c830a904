CREATE TABLE `applications` (
	`id` text PRIMARY KEY NOT NULL,
	`referral_id` text NOT NULL,
	`applicant_id` text NOT NULL,
	`referrer_id` text NOT NULL,
	`credit_card_id` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`additional_info` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`referral_id`) REFERENCES `referrals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`applicant_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`referrer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`credit_card_id`) REFERENCES `credit_cards`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `applications_one_per_referral` ON `applications` (`referral_id`,`applicant_id`);--> statement-breakpoint
CREATE INDEX `applications_applicant_idx` ON `applications` (`applicant_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `applications_referrer_idx` ON `applications` (`referrer_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `applications_status_idx` ON `applications` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `applications_card_idx` ON `applications` (`credit_card_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `applications_created_idx` ON `applications` (`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `auth_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`purpose` text NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `auth_tokens_hash_unique` ON `auth_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `auth_tokens_user_purpose_idx` ON `auth_tokens` (`user_id`,`purpose`);--> statement-breakpoint
CREATE TABLE `chat_members` (
	`chat_id` text NOT NULL,
	`user_id` text NOT NULL,
	`last_read_at` integer,
	`hidden_at` integer,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`chat_id`, `user_id`),
	FOREIGN KEY (`chat_id`) REFERENCES `chats`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `chat_members_user_idx` ON `chat_members` (`user_id`,`chat_id`);--> statement-breakpoint
CREATE TABLE `chats` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`is_direct_chat` integer DEFAULT true NOT NULL,
	`direct_key` text,
	`created_by_id` text,
	`last_message_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`created_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `chats_direct_key_unique` ON `chats` (`direct_key`);--> statement-breakpoint
CREATE TABLE `comments` (
	`id` text PRIMARY KEY NOT NULL,
	`referral_id` text NOT NULL,
	`application_id` text,
	`author_id` text NOT NULL,
	`comment_type` text NOT NULL,
	`comment` text NOT NULL,
	`rating` integer,
	`rating_updated` integer DEFAULT false NOT NULL,
	`original_comment_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`referral_id`) REFERENCES `referrals`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`application_id`) REFERENCES `applications`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`original_comment_id`) REFERENCES `comments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `comments_referral_idx` ON `comments` (`referral_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `comments_original_idx` ON `comments` (`original_comment_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `comments_author_idx` ON `comments` (`author_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `comments_one_review_per_applicant` ON `comments` (`referral_id`,`author_id`) WHERE "comments"."comment_type" = 'applicantToReferrer';--> statement-breakpoint
CREATE TABLE `credit_cards` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`issuer` text NOT NULL,
	`category` text DEFAULT 'Other' NOT NULL,
	`annual_fee` integer DEFAULT 0 NOT NULL,
	`has_various_referrer_bonus` integer DEFAULT false NOT NULL,
	`referral_bonus_amount` real DEFAULT 0 NOT NULL,
	`referral_bonus_unit` text DEFAULT 'USD' NOT NULL,
	`benefit_for_referrer` text DEFAULT '' NOT NULL,
	`apply_benefit_with_referral` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`official_website` text,
	`image_url` text,
	`active` integer DEFAULT true NOT NULL,
	`max_refer_count` integer DEFAULT 0 NOT NULL,
	`is_user_added` integer DEFAULT false NOT NULL,
	`created_by_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`created_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `credit_cards_active_issuer_idx` ON `credit_cards` (`active`,`issuer`,`name`);--> statement-breakpoint
CREATE INDEX `credit_cards_issuer_idx` ON `credit_cards` (`issuer`,`name`);--> statement-breakpoint
CREATE INDEX `credit_cards_created_idx` ON `credit_cards` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `credit_cards_user_added_idx` ON `credit_cards` (`is_user_added`,`created_at`);--> statement-breakpoint
CREATE TABLE `email_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text NOT NULL,
	`sent_at` integer,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `email_outbox_created_idx` ON `email_outbox` (`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `messages` (
	`id` text PRIMARY KEY NOT NULL,
	`chat_id` text NOT NULL,
	`sender_id` text,
	`content` text NOT NULL,
	`is_assistant` integer DEFAULT false NOT NULL,
	`read_at` integer,
	`client_id` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`chat_id`) REFERENCES `chats`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sender_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `messages_chat_created_idx` ON `messages` (`chat_id`,`created_at`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `messages_sender_client_unique` ON `messages` (`sender_id`,`client_id`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `referrals` (
	`id` text PRIMARY KEY NOT NULL,
	`referrer_id` text NOT NULL,
	`credit_card_id` text NOT NULL,
	`referral_link` text NOT NULL,
	`normalized_link` text NOT NULL,
	`referrer_credit` integer,
	`sharing_benefit_portion` integer DEFAULT 0 NOT NULL,
	`additional_info` text DEFAULT '' NOT NULL,
	`special_applicant_bonus_is_higher` integer DEFAULT false NOT NULL,
	`special_applicant_bonus` text,
	`special_referrer_bonus_amount` real,
	`special_referrer_bonus_unit` text,
	`available_refer_count` integer,
	`is_active` integer DEFAULT true NOT NULL,
	`applications_count` integer DEFAULT 0 NOT NULL,
	`successful_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`referrer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`credit_card_id`) REFERENCES `credit_cards`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `referrals_referrer_idx` ON `referrals` (`referrer_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `referrals_card_idx` ON `referrals` (`credit_card_id`,`is_active`);--> statement-breakpoint
CREATE INDEX `referrals_active_created_idx` ON `referrals` (`is_active`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `referrals_normalized_link_idx` ON `referrals` (`normalized_link`);--> statement-breakpoint
CREATE UNIQUE INDEX `referrals_one_active_per_card` ON `referrals` (`referrer_id`,`credit_card_id`) WHERE "referrals"."is_active" = 1;--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`token_hash` text NOT NULL,
	`remember` integer DEFAULT false NOT NULL,
	`expires_at` integer NOT NULL,
	`user_agent` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sessions_token_hash_unique` ON `sessions` (`token_hash`);--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `tips` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`referral_id` text,
	`amount` integer NOT NULL,
	`currency` text DEFAULT 'usd' NOT NULL,
	`stripe_event_id` text NOT NULL,
	`stripe_session_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`referral_id`) REFERENCES `referrals`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tips_event_unique` ON `tips` (`stripe_event_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `tips_session_unique` ON `tips` (`stripe_session_id`);--> statement-breakpoint
CREATE INDEX `tips_created_idx` ON `tips` (`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`username` text NOT NULL,
	`email` text NOT NULL,
	`first_name` text DEFAULT '' NOT NULL,
	`last_name` text DEFAULT '' NOT NULL,
	`bio` text DEFAULT '' NOT NULL,
	`profile_image` text,
	`auth_provider` text DEFAULT 'local' NOT NULL,
	`google_subject` text,
	`password_hash` text,
	`email_verified_at` integer,
	`is_admin` integer DEFAULT false NOT NULL,
	`deactivated_at` integer,
	`show_full_name` integer DEFAULT true NOT NULL,
	`show_email` integer DEFAULT false NOT NULL,
	`show_referrals` integer DEFAULT true NOT NULL,
	`show_applications` integer DEFAULT true NOT NULL,
	`password_changed_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_lower_unique` ON `users` (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_google_subject_unique` ON `users` (`google_subject`);--> statement-breakpoint
CREATE INDEX `users_created_at_idx` ON `users` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `users_admin_idx` ON `users` (`is_admin`);