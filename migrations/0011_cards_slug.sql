-- Card pages live at /cards/{slug} (docs/product.md#card-pages). Existing cards get a slug from
-- their name: lower case, every run of characters other than a-z and 0-9 becomes one hyphen.
-- SQLite has no regex replace, so the common punctuation is mapped first and runs of hyphens are
-- collapsed; a name that still collides takes the first 6 characters of its id.
ALTER TABLE `credit_cards` ADD `slug` text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE `credit_cards` SET `slug` = trim(
  replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(
    lower(trim(`name`)),
    '&', ' and '), '''', ''), '’', ''), '®', ''), '™', ''), '.', ' '), ',', ' '), '/', ' '), '(', ' '), ')', ' '), '+', ' plus '), ':', ' '), '!', ' '), ' ', '-'),
  '-');--> statement-breakpoint
UPDATE `credit_cards` SET `slug` = replace(replace(replace(`slug`, '----', '-'), '---', '-'), '--', '-');--> statement-breakpoint
UPDATE `credit_cards` SET `slug` = replace(`slug`, '--', '-');--> statement-breakpoint
UPDATE `credit_cards` SET `slug` = 'card' WHERE `slug` = '';--> statement-breakpoint
UPDATE `credit_cards` SET `slug` = `slug` || '-' || substr(`id`, 1, 6)
  WHERE EXISTS (SELECT 1 FROM `credit_cards` AS `o` WHERE `o`.`slug` = `credit_cards`.`slug` AND `o`.`id` < `credit_cards`.`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `credit_cards_slug_unique` ON `credit_cards` (`slug`);
