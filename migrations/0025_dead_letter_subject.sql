ALTER TABLE `notification_dead_letters` ADD `subject` text;--> statement-breakpoint
ALTER TABLE `notification_dead_letters` ADD `attempts` integer;