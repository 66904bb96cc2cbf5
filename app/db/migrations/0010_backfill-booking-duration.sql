-- Bookings made before duration_minutes existed take their type's duration, or the
-- slot's length when the type has been deleted.
UPDATE "consultation_bookings" AS b
SET "duration_minutes" = COALESCE(
  (SELECT t."duration_minutes" FROM "consultation_types" t WHERE t."id" = b."consultation_type_id"),
  (SELECT (EXTRACT(EPOCH FROM (a."end_time" - a."start_time")) / 60)::integer
     FROM "consultation_availability" a WHERE a."id" = b."availability_id")
)
WHERE b."duration_minutes" IS NULL;
