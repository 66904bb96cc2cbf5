-- Verification identifiers are stored hashed from now on (app/features/auth/verification-tokens.server.ts).
-- Trust-device rows are hashed in place ('trust-device#', then the base64url SHA-256 of the whole identifier),
-- so trusted browsers stay trusted. Every other row held a usable secret in plain text (set-password
-- links, pending two-factor sign-ins, passkey challenges, all short-lived): they are deleted, and a
-- member with an outstanding link asks for a new one ("Forgot password?" or Users > Send link).
UPDATE "verification"
SET "identifier" = 'trust-device#' || translate(rtrim(encode(sha256(convert_to("identifier", 'UTF8')), 'base64'), '='), '+/', '-_')
WHERE "identifier" LIKE 'trust-device-%';
--> statement-breakpoint
DELETE FROM "verification" WHERE "identifier" NOT LIKE 'trust-device#%';
--> statement-breakpoint
-- An invited member's address counts as confirmed once they have set a password from the link: the
-- first password then gets a welcome mail and later ones a reset notice (auth.server.ts).
UPDATE "user" SET "email_verified" = true
WHERE "email_verified" = false
  AND EXISTS (SELECT 1 FROM "account" a WHERE a."user_id" = "user"."id" AND a."provider_id" = 'credential' AND a."password" IS NOT NULL);
