ALTER TABLE `users` ADD `rating` real;--> statement-breakpoint
ALTER TABLE `users` ADD `review_count` integer DEFAULT 0 NOT NULL;