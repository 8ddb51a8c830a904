ALTER TABLE `application_outcomes` ADD `answer` text;--> statement-breakpoint
ALTER TABLE `application_outcomes` ADD `answered_at` integer;--> statement-breakpoint
ALTER TABLE `application_outcomes` ADD `decision` text;--> statement-breakpoint
ALTER TABLE `comments` ADD `confirmed_rating` integer;--> statement-breakpoint
ALTER TABLE `comments` ADD `rating_confirmed_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `verified_review_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `disputes_upheld` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Backfill (hand-written, docs/decisions/175): an application whose applicant confirmed the bonus is Successful.
UPDATE `applications` SET `status` = 'successful'
 WHERE `status` IN ('pending', 'pending_approval', 'submitted', 'approved')
   AND EXISTS (SELECT 1 FROM `application_outcomes` o WHERE o.`application_id` = `applications`.`id` AND o.`step` = 'bonus-received');--> statement-breakpoint
-- Reviews already verified by both sides keep counting: their current rating is the confirmed one.
UPDATE `comments` SET
  `confirmed_rating` = coalesce((SELECT f.`rating` FROM `comments` f
     WHERE f.`original_comment_id` = `comments`.`id` AND f.`comment_type` = 'followUpComment'
       AND f.`rating_updated` = 1 AND f.`rating` IS NOT NULL
     ORDER BY f.`created_at` DESC, f.`rowid` DESC LIMIT 1), `rating`),
  `rating_confirmed_at` = `updated_at`
 WHERE `comment_type` = 'applicantToReferrer' AND `verified_outcome` = 1;--> statement-breakpoint
ALTER TABLE `comments` DROP COLUMN `verified_outcome`;--> statement-breakpoint
-- Each referrer's rating over their verified reviews only (a review with a confirmed rating on an application with its outcome).
UPDATE `users` SET
  `verified_review_count` = (SELECT count(*) FROM `comments` r JOIN `referrals` ref ON ref.`id` = r.`referral_id`
     JOIN `applications` a ON a.`id` = r.`application_id`
     WHERE ref.`referrer_id` = `users`.`id` AND r.`comment_type` = 'applicantToReferrer'
       AND r.`rating_confirmed_at` IS NOT NULL AND a.`status` IN ('successful', 'denied', 'cancelled', 'rejected')),
  `rating` = (SELECT avg(r.`confirmed_rating`) FROM `comments` r JOIN `referrals` ref ON ref.`id` = r.`referral_id`
     JOIN `applications` a ON a.`id` = r.`application_id`
     WHERE ref.`referrer_id` = `users`.`id` AND r.`comment_type` = 'applicantToReferrer'
       AND r.`rating_confirmed_at` IS NOT NULL AND a.`status` IN ('successful', 'denied', 'cancelled', 'rejected'));
