/**
 * The server's environment, validated once with Zod at start-up (`shared/DESIGN.md` section 3).
 * Every variable is optional for a local run. A wrong value stops the process with a message that
 * names the variable. Secrets stay here; `publicEnv` is the only part that reaches the browser.
 */
import { z } from "zod";

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  PUBLIC_URL: z.url().default("http://localhost:3000"),
  DATABASE_URL: optionalString.pipe(z.url().optional()),
  /** Folder of the embedded PGlite database when DATABASE_URL is unset; `memory://` for none. */
  PGLITE_DIR: z.string().default("./data/pglite"),
  DATA_DIR: z.string().default("./data"),
  BETTER_AUTH_SECRET: optionalString,
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default("Meridian Engineering <hello@meridian-engineering.example>"),
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(12, "must be at least 12 characters").optional()),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Turns off the in-process mail worker (tests that drive it themselves). */
  DISABLE_JOBS: z.stringbool().default(false),
  /** Seeds demo content on first start; on by default outside production. */
  SEED_DEMO: z.stringbool().optional(),
  /**
   * Image storage (issue 8): an S3-compatible bucket when S3_BUCKET is set, else local disk under
   * DATA_DIR/uploads. S3_ENDPOINT for a non-AWS service (path-style addressing is used then);
   * S3_PUBLIC_URL for a CDN or public bucket URL in front of it (else the app serves /uploads).
   */
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  S3_REGION: z.string().default("auto"),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PUBLIC_URL: optionalString.pipe(z.url().optional()),
});

export type ServerEnv = z.infer<typeof EnvSchema>;

function parseEnv(): ServerEnv {
  const result = EnvSchema.safeParse(process.env);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment variables:\n${problems}`);
  }
  return result.data;
}

/** The validated environment. Throws at import with a readable list when a variable is invalid. */
export const env: ServerEnv = parseEnv();

export const isProduction = env.NODE_ENV === "production";

/**
 * Production served on a public address. A production build on a loopback PUBLIC_URL
 * (`npm start` on a laptop) is a local run: it seeds demo content, may start without
 * BETTER_AUTH_SECRET and without a first-admin configuration (docs/decisions/0004).
 */
export const isPublicProduction =
  isProduction && !["localhost", "127.0.0.1", "[::1]"].includes(new URL(env.PUBLIC_URL).hostname);
