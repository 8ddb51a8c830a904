CREATE TABLE `issuer_domains` (
	`id` text PRIMARY KEY NOT NULL,
	`issuer` text NOT NULL,
	`domain` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `issuer_domains_issuer_domain_unique` ON `issuer_domains` (`issuer`,`domain`);--> statement-breakpoint
ALTER TABLE `referrals` ADD `link_review` text;--> statement-breakpoint
ALTER TABLE `referrals` ADD `review_held_at` integer;--> statement-breakpoint
ALTER TABLE `referrals` ADD `link_vetted_at` integer;--> statement-breakpoint
ALTER TABLE `referrals` ADD `link_check_status` integer;--> statement-breakpoint
ALTER TABLE `referrals` ADD `link_check_host` text;--> statement-breakpoint
ALTER TABLE `referrals` ADD `link_checked_at` integer;--> statement-breakpoint
CREATE INDEX `referrals_link_review_idx` ON `referrals` (`created_at`,`id`) WHERE "referrals"."link_review" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `referrals_link_unvetted_idx` ON `referrals` (`id`) WHERE "referrals"."link_vetted_at" IS NULL;--> statement-breakpoint
CREATE INDEX `referrals_link_check_idx` ON `referrals` (`link_checked_at`,`id`) WHERE "referrals"."is_active" = 1;--> statement-breakpoint
-- hand-written below
-- The real catalogue's issuers and the hosts their referral links use (docs/decisions/155); admins
-- edit the list on the card screens. A subdomain of a listed domain counts as listed.
INSERT OR IGNORE INTO `issuer_domains` (`id`, `issuer`, `domain`, `created_at`) VALUES
  (lower(hex(randomblob(10))), 'Chase', 'chase.com', CAST(unixepoch('subsec') * 1000 AS INTEGER)),
  (lower(hex(randomblob(10))), 'Chase', 'referyourchasecard.com', CAST(unixepoch('subsec') * 1000 AS INTEGER)),
  (lower(hex(randomblob(10))), 'American Express', 'americanexpress.com', CAST(unixepoch('subsec') * 1000 AS INTEGER)),
  (lower(hex(randomblob(10))), 'American Express', 'amex.com', CAST(unixepoch('subsec') * 1000 AS INTEGER)),
  (lower(hex(randomblob(10))), 'Capital One', 'capitalone.com', CAST(unixepoch('subsec') * 1000 AS INTEGER)),
  (lower(hex(randomblob(10))), 'Citi', 'citi.com', CAST(unixepoch('subsec') * 1000 AS INTEGER)),
  (lower(hex(randomblob(10))), 'Citi', 'citicards.com', CAST(unixepoch('subsec') * 1000 AS INTEGER)),
  (lower(hex(randomblob(10))), 'Discover', 'discover.com', CAST(unixepoch('subsec') * 1000 AS INTEGER)),
  (lower(hex(randomblob(10))), 'Wells Fargo', 'wellsfargo.com', CAST(unixepoch('subsec') * 1000 AS INTEGER)),
  (lower(hex(randomblob(10))), 'Bank of America', 'bankofamerica.com', CAST(unixepoch('subsec') * 1000 AS INTEGER)),
  (lower(hex(randomblob(10))), 'U.S. Bank', 'usbank.com', CAST(unixepoch('subsec') * 1000 AS INTEGER)),
  (lower(hex(randomblob(10))), 'Barclays', 'barclaycardus.com', CAST(unixepoch('subsec') * 1000 AS INTEGER)),
  (lower(hex(randomblob(10))), 'Barclays', 'barclays.com', CAST(unixepoch('subsec') * 1000 AS INTEGER)),
  (lower(hex(randomblob(10))), 'Goldman Sachs', 'apple.com', CAST(unixepoch('subsec') * 1000 AS INTEGER)),
  (lower(hex(randomblob(10))), 'Goldman Sachs', 'goldmansachs.com', CAST(unixepoch('subsec') * 1000 AS INTEGER));
