ALTER TABLE `chats` ADD `referral_id` text REFERENCES referrals(id) ON DELETE set null;
