-- Analytics count each person and application once (docs/decisions/173). referral_views gains the
-- event (a view or a click) and the day leads its key (the cron deletes past days); nothing
-- references the table, so it is rebuilt without touching foreign keys.
CREATE TABLE `__new_referral_views` (
	`referral_id` text NOT NULL,
	`viewer` text NOT NULL,
	`day` integer NOT NULL,
	`event` text DEFAULT 'view' NOT NULL,
	PRIMARY KEY(`day`, `referral_id`, `event`, `viewer`),
	FOREIGN KEY (`referral_id`) REFERENCES `referrals`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_referral_views`("referral_id", "viewer", "day", "event") SELECT "referral_id", "viewer", "day", 'view' FROM `referral_views`;--> statement-breakpoint
DROP TABLE `referral_views`;--> statement-breakpoint
ALTER TABLE `__new_referral_views` RENAME TO `referral_views`;--> statement-breakpoint
ALTER TABLE `applications` ADD `approved_at` integer;--> statement-breakpoint
-- Approvals already counted (a move into Successful) or implied (the bonus confirmed by both sides)
-- are recorded as of the application's last change, so they are not counted a second time.
UPDATE `applications` SET `approved_at` = `updated_at`
 WHERE `status` IN ('successful', 'approved')
    OR (EXISTS (SELECT 1 FROM `application_outcomes` o WHERE o.`application_id` = `applications`.`id` AND o.`step` = 'bonus-posted')
        AND EXISTS (SELECT 1 FROM `application_outcomes` o WHERE o.`application_id` = `applications`.`id` AND o.`step` = 'bonus-received'));
