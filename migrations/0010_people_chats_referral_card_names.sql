ALTER TABLE `chats` ADD `referral_id` text REFERENCES referrals(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `credit_cards_name_lower_idx` ON `credit_cards` (lower("name"),`id`);