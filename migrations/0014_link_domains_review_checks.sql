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
INSERT OR IGNORE INTO `issuer_domains` (`id`, `issuer`, `domain`, `created_at`)
SELECT lower(hex(randomblob(10))), issuer, domain, CAST(unixepoch('subsec') * 1000 AS INTEGER) FROM (
  SELECT 'Chase' AS issuer, 'chase.com' AS domain
  UNION ALL SELECT 'Chase', 'referyourchasecard.com'
  UNION ALL SELECT 'American Express', 'americanexpress.com'
  UNION ALL SELECT 'American Express', 'amex.com'
  UNION ALL SELECT 'Capital One', 'capitalone.com'
  UNION ALL SELECT 'Citi', 'citi.com'
  UNION ALL SELECT 'Citi', 'citicards.com'
  UNION ALL SELECT 'Discover', 'discover.com'
  UNION ALL SELECT 'Wells Fargo', 'wellsfargo.com'
  UNION ALL SELECT 'Bank of America', 'bankofamerica.com'
  UNION ALL SELECT 'U.S. Bank', 'usbank.com'
  UNION ALL SELECT 'Barclays', 'barclaycardus.com'
  UNION ALL SELECT 'Barclays', 'barclays.com'
  UNION ALL SELECT 'Goldman Sachs', 'apple.com'
  UNION ALL SELECT 'Goldman Sachs', 'goldmansachs.com'
);
