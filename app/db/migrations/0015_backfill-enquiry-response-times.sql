-- An enquiry answered before `responded_at` existed gets the time of its first status
-- change from the audit log (`enquiry.updated` entries whose `after` names a status).
UPDATE "enquiries" AS e
SET "responded_at" = first_change.at
FROM (
  SELECT "entity_id", min("created_at") AS at
  FROM "audit_log"
  WHERE "action" = 'enquiry.updated' AND "entity_type" = 'enquiry' AND ("details" -> 'after') ? 'status'
  GROUP BY "entity_id"
) AS first_change
WHERE first_change."entity_id" = e."id"::text AND e."responded_at" IS NULL;
--> statement-breakpoint
-- Enquiries already past the 24 hours when this ships are shown as overdue; staff are not mailed a
-- late reminder for each of them at once.
UPDATE "enquiries" SET "overdue_reminder_sent_at" = now()
WHERE "overdue_reminder_sent_at" IS NULL AND "created_at" <= now() - interval '24 hours';
