-- Hand-written data migration (drizzle cannot generate one). Until now the admin list computed the
-- duplicate-link flag by joining on normalized_link; the stored duplicate_of_id is now the only
-- flag, so every referral whose normalised link another account also publishes gets it, the
-- earliest one of a group included (it points at the earliest referral of another account).
UPDATE `referrals` SET `duplicate_of_id` = (
  SELECT o.id FROM `referrals` o
  WHERE o.normalized_link = `referrals`.normalized_link AND o.referrer_id <> `referrals`.referrer_id
  ORDER BY o.created_at, o.id
  LIMIT 1
)
WHERE `duplicate_of_id` IS NULL
  AND EXISTS (
    SELECT 1 FROM `referrals` o
    WHERE o.normalized_link = `referrals`.normalized_link AND o.referrer_id <> `referrals`.referrer_id
  );
