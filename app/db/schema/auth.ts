/**
 * Staff accounts: better-auth's tables (user, session, account, verification, rate limit, two
 * factor, passkey) and the staff profile (`admin_users`) with its role.
 */
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { ADMIN_ROLES } from "../../utils/domain";
import { createdAt, inList, textOwner, updatedAt, uuidId } from "./columns";

// better-auth's tables (user, session, account, verification, rateLimit); property names are
// the ones better-auth's Drizzle adapter expects.
export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  /** better-auth's two-factor plugin: true once an authenticator app is confirmed. */
  twoFactorEnabled: boolean("two_factor_enabled").notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const session = pgTable("session", {
  id: text("id").primaryKey(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  token: text("token").notNull().unique(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  ipAddress: text("ip_address"),
  userAgent: text("user_agent"),
  userId: textOwner("user_id", () => user.id),
});

export const account = pgTable("account", {
  id: text("id").primaryKey(),
  accountId: text("account_id").notNull(),
  providerId: text("provider_id").notNull(),
  userId: textOwner("user_id", () => user.id),
  accessToken: text("access_token"),
  refreshToken: text("refresh_token"),
  idToken: text("id_token"),
  accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
  refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
  scope: text("scope"),
  password: text("password"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const verification = pgTable("verification", {
  id: text("id").primaryKey(),
  identifier: text("identifier").notNull(),
  value: text("value").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/**
 * better-auth's two-factor plugin: one row per user with an authenticator app. `secret`
 * and `backupCodes` are encrypted by better-auth with the server secret; `verified` is false until
 * the first code confirms the enrolment. `lastTotpStep` is ours: the 30-second step of the last
 * code accepted, so a code is never accepted twice (auth.server.ts).
 */
export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: textOwner("user_id", () => user.id),
    verified: boolean("verified").notNull().default(true),
    failedVerificationCount: integer("failed_verification_count").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastTotpStep: bigint("last_totp_step", { mode: "number" }),
  },
  (t) => [uniqueIndex("two_factor_user_id_key").on(t.userId)],
);

/** better-auth's passkey plugin: the WebAuthn credentials of a user, each named by them. */
export const passkey = pgTable(
  "passkey",
  {
    id: text("id").primaryKey(),
    name: text("name"),
    publicKey: text("public_key").notNull(),
    userId: textOwner("user_id", () => user.id),
    credentialID: text("credential_id").notNull(),
    counter: integer("counter").notNull(),
    deviceType: text("device_type").notNull(),
    backedUp: boolean("backed_up").notNull(),
    transports: text("transports"),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow(),
    aaguid: text("aaguid"),
  },
  (t) => [index("passkey_user_id_idx").on(t.userId), uniqueIndex("passkey_credential_id_key").on(t.credentialID)],
);

export const adminUsers = pgTable(
  "admin_users",
  {
    id: uuidId(),
    userId: textOwner("user_id", () => user.id),
    name: text("name").notNull(),
    email: text("email").notNull(),
    role: text("role", { enum: ADMIN_ROLES }).notNull().default("editor"),
    avatarUrl: text("avatar_url"),
    /** Deactivated staff keep their row (for the audit log) but cannot sign in. */
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("admin_users_user_id_key").on(t.userId),
    uniqueIndex("admin_users_email_key").on(t.email),
    check("admin_users_role_check", inList("role", ADMIN_ROLES)),
  ],
);
