-- Hand-written (drizzle cannot declare virtual tables or triggers). See docs/decisions/020-referrals-fair-rotation-and-search.md.
--
-- 1. referrals_fts: full-text index of each referral's card name, issuer, category and additional
--    info, keyed by the referral's rowid, kept in sync by triggers on referrals and credit_cards.
-- 2. Copies of card and referrer state on referrals (card_active, card_annual_fee, bonus_amount,
--    referrer_active), kept by triggers, so /apply filters and sorts use one index.
-- 3. A new referral's public code and its rotation keys (weighted random, Efraimidis-Spirakis with
--    exponential keys: -ln(u) / weight, smallest first) are drawn by the insert trigger.

CREATE VIRTUAL TABLE `referrals_fts` USING fts5(body, tokenize = 'unicode61 remove_diacritics 2');
--> statement-breakpoint
INSERT INTO `referrals_fts` (rowid, body)
SELECT r.rowid, c.name || ' ' || c.issuer || ' ' || c.category || ' ' || r.additional_info
FROM `referrals` r JOIN `credit_cards` c ON c.id = r.credit_card_id;
--> statement-breakpoint
UPDATE `referrals` SET
  code = coalesce(code, lower(hex(randomblob(5)))),
  card_active = (SELECT c.active FROM credit_cards c WHERE c.id = referrals.credit_card_id),
  card_annual_fee = (SELECT c.annual_fee FROM credit_cards c WHERE c.id = referrals.credit_card_id),
  bonus_amount = coalesce(special_referrer_bonus_amount, (SELECT c.referral_bonus_amount FROM credit_cards c WHERE c.id = referrals.credit_card_id)),
  referrer_active = (SELECT u.deactivated_at IS NULL FROM users u WHERE u.id = referrals.referrer_id),
  rotation_0 = -ln((abs(random() % 1000000) + 1) / 1000000.0),
  rotation_1 = -ln((abs(random() % 1000000) + 1) / 1000000.0),
  rotation_2 = -ln((abs(random() % 1000000) + 1) / 1000000.0),
  rotation_3 = -ln((abs(random() % 1000000) + 1) / 1000000.0);
--> statement-breakpoint
CREATE TRIGGER `referrals_after_insert` AFTER INSERT ON `referrals`
BEGIN
  INSERT INTO referrals_fts (rowid, body)
  SELECT NEW.rowid, c.name || ' ' || c.issuer || ' ' || c.category || ' ' || NEW.additional_info
  FROM credit_cards c WHERE c.id = NEW.credit_card_id;
  UPDATE referrals SET
    code = coalesce(NEW.code, lower(hex(randomblob(5)))),
    card_active = (SELECT c.active FROM credit_cards c WHERE c.id = NEW.credit_card_id),
    card_annual_fee = (SELECT c.annual_fee FROM credit_cards c WHERE c.id = NEW.credit_card_id),
    bonus_amount = coalesce(NEW.special_referrer_bonus_amount, (SELECT c.referral_bonus_amount FROM credit_cards c WHERE c.id = NEW.credit_card_id)),
    referrer_active = (SELECT u.deactivated_at IS NULL FROM users u WHERE u.id = NEW.referrer_id),
    rotation_0 = -ln((abs(random() % 1000000) + 1) / 1000000.0) / (SELECT 1 + CASE WHEN u.rating IS NULL THEN 0 ELSE ((u.rating - 1) / 4.0) * (u.review_count / (u.review_count + 5.0)) END FROM users u WHERE u.id = NEW.referrer_id),
    rotation_1 = -ln((abs(random() % 1000000) + 1) / 1000000.0) / (SELECT 1 + CASE WHEN u.rating IS NULL THEN 0 ELSE ((u.rating - 1) / 4.0) * (u.review_count / (u.review_count + 5.0)) END FROM users u WHERE u.id = NEW.referrer_id),
    rotation_2 = -ln((abs(random() % 1000000) + 1) / 1000000.0) / (SELECT 1 + CASE WHEN u.rating IS NULL THEN 0 ELSE ((u.rating - 1) / 4.0) * (u.review_count / (u.review_count + 5.0)) END FROM users u WHERE u.id = NEW.referrer_id),
    rotation_3 = -ln((abs(random() % 1000000) + 1) / 1000000.0) / (SELECT 1 + CASE WHEN u.rating IS NULL THEN 0 ELSE ((u.rating - 1) / 4.0) * (u.review_count / (u.review_count + 5.0)) END FROM users u WHERE u.id = NEW.referrer_id)
  WHERE rowid = NEW.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `referrals_after_update_text` AFTER UPDATE OF additional_info, credit_card_id ON `referrals`
BEGIN
  DELETE FROM referrals_fts WHERE rowid = OLD.rowid;
  INSERT INTO referrals_fts (rowid, body)
  SELECT NEW.rowid, c.name || ' ' || c.issuer || ' ' || c.category || ' ' || NEW.additional_info
  FROM credit_cards c WHERE c.id = NEW.credit_card_id;
END;
--> statement-breakpoint
CREATE TRIGGER `referrals_after_update_card` AFTER UPDATE OF special_referrer_bonus_amount, credit_card_id ON `referrals`
BEGIN
  UPDATE referrals SET
    card_active = (SELECT c.active FROM credit_cards c WHERE c.id = NEW.credit_card_id),
    card_annual_fee = (SELECT c.annual_fee FROM credit_cards c WHERE c.id = NEW.credit_card_id),
    bonus_amount = coalesce(NEW.special_referrer_bonus_amount, (SELECT c.referral_bonus_amount FROM credit_cards c WHERE c.id = NEW.credit_card_id))
  WHERE rowid = NEW.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `referrals_after_delete` AFTER DELETE ON `referrals`
BEGIN
  DELETE FROM referrals_fts WHERE rowid = OLD.rowid;
END;
--> statement-breakpoint
CREATE TRIGGER `credit_cards_after_update_text` AFTER UPDATE OF name, issuer, category ON `credit_cards`
BEGIN
  DELETE FROM referrals_fts WHERE rowid IN (SELECT rowid FROM referrals WHERE credit_card_id = NEW.id);
  INSERT INTO referrals_fts (rowid, body)
  SELECT r.rowid, NEW.name || ' ' || NEW.issuer || ' ' || NEW.category || ' ' || r.additional_info
  FROM referrals r WHERE r.credit_card_id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER `credit_cards_after_update_listing` AFTER UPDATE OF active, annual_fee, referral_bonus_amount ON `credit_cards`
BEGIN
  UPDATE referrals SET
    card_active = NEW.active,
    card_annual_fee = NEW.annual_fee,
    bonus_amount = coalesce(special_referrer_bonus_amount, NEW.referral_bonus_amount)
  WHERE credit_card_id = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER `users_after_update_active` AFTER UPDATE OF deactivated_at ON `users`
BEGIN
  UPDATE referrals SET referrer_active = (NEW.deactivated_at IS NULL) WHERE referrer_id = NEW.id;
END;
--> statement-breakpoint
-- The credit-score sort (an expression index: unknown scores sort as 0, so the keyset cursor never compares with NULL).
CREATE INDEX `referrals_credit_idx` ON `referrals` (coalesce("referrer_credit", 0), `id`, `referrer_credit`, `sharing_benefit_portion`, `card_annual_fee`) WHERE "is_active" = 1 AND "card_active" = 1 AND "referrer_active" = 1 AND coalesce("available_refer_count", 1) > 0;
