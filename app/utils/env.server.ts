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

/** The named address ranges Express's `trust proxy` understands (proxy-addr). */
const TRUST_PROXY_NAMES = ["loopback", "linklocal", "uniquelocal"];
const trustedAddress = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6(), z.enum(TRUST_PROXY_NAMES)]);

/**
 * `TRUST_PROXY`: which proxies may set `X-Forwarded-For` (and so the client address every rate
 * limit keys on). `false` trusts none (the server faces the internet), `true` trusts every hop
 * (only behind a proxy that overwrites the header), a whole number trusts that many hops, or a
 * comma-separated list of addresses, CIDR ranges and `loopback` / `linklocal` / `uniquelocal`
 * trusts those. Default `loopback` (a proxy on the same machine). Parsed into the value Express's
 * `app.set("trust proxy", ...)` takes.
 */
const TrustProxySchema = z
  .string()
  .trim()
  .default("loopback")
  .transform((raw, ctx): boolean | number | string[] => {
    const value = (raw || "loopback").toLowerCase();
    if (value === "true" || value === "false") return value === "true";
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(",").map((entry) => entry.trim());
    const bad = entries.filter((entry) => !trustedAddress.safeParse(entry).success);
    if (bad.length > 0 || entries.length === 0) {
      ctx.addIssue({
        code: "custom",
        message: `expected true, false, a hop count, or addresses/CIDR ranges/loopback/linklocal/uniquelocal separated by commas; not ${bad.map((b) => JSON.stringify(b)).join(", ")}`,
      });
      return z.NEVER;
    }
    return entries;
  });

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  TRUST_PROXY: TrustProxySchema,
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
});

export type ServerEnv = z.infer<typeof EnvSchema>;

/** Validates an environment like `process.env`; throws an Error listing every invalid variable by name. */
export function parseServerEnv(source: Record<string, string | undefined>): ServerEnv {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment variables:\n${problems}`);
  }
  return result.data;
}

/** The validated environment. Throws at import with a readable list when a variable is invalid. */
export const env: ServerEnv = parseServerEnv(process.env);

export const isProduction = env.NODE_ENV === "production";

/**
 * Production served on a public address. A production build on a loopback PUBLIC_URL
 * (`npm start` on a laptop) is a local run: it seeds demo content, may start without
 * BETTER_AUTH_SECRET and without a first-admin configuration (docs/decisions/0004).
 */
export const isPublicProduction =
  isProduction && !["localhost", "127.0.0.1", "[::1]"].includes(new URL(env.PUBLIC_URL).hostname);
