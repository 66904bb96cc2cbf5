/**
 * `npm run admin:create`: creates a staff account with a password from the command line, e.g. the
 * first super admin of a production database (issue 4 "Sign-in and roles").
 *
 *   npm run admin:create -- --email ana@firm.co.uk --name "Ana Silva" --role super_admin
 *
 * Missing values are asked for (the password without echo). The password may also come from
 * ADMIN_CREATE_PASSWORD. Uses DATABASE_URL (or the embedded database under PGLITE_DIR: stop the
 * server first, PGlite allows one process at a time). Migrates the database first.
 */
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { ADMIN_ROLES } from "~/db/schema";

const { values } = parseArgs({
  options: {
    email: { type: "string" },
    name: { type: "string" },
    role: { type: "string" },
    password: { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});

if (values.help) {
  console.log('Usage: npm run admin:create -- --email <email> --name "<name>" --role super_admin|admin|editor [--password <pw>]');
  process.exit(0);
}

async function ask(question: string, hidden = false): Promise<string> {
  if (!process.stdin.isTTY) throw new Error(`Missing value: ${question.replace(/:\s*$/, "")} (pass it as an option).`);
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  if (hidden) {
    const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput;
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
      write.call(rl, s.startsWith(question) ? s : s.replace(/[^\r\n]/g, ""));
    };
  }
  const answer = await rl.question(question);
  rl.close();
  if (hidden) process.stdout.write("\n");
  return answer.trim();
}

const email = values.email ?? (await ask("E-mail: "));
const name = values.name ?? (await ask("Name: "));
const role = (values.role ?? ((await ask("Role (super_admin, admin, editor) [super_admin]: ")) || "super_admin")) as (typeof ADMIN_ROLES)[number];
if (!ADMIN_ROLES.includes(role)) {
  console.error(`Unknown role "${role}". Use one of: ${ADMIN_ROLES.join(", ")}.`);
  process.exit(1);
}
const password = values.password ?? process.env.ADMIN_CREATE_PASSWORD ?? (await ask("Password (at least 12 characters): ", true));

const { closeDatabase, db, migrate } = await import("~/db/client.server");
const { createStaffAccount, StaffError } = await import("~/features/auth/accounts.server");
const { recordAudit } = await import("~/features/audit/audit.server");

try {
  await migrate();
  await db.transaction(async (tx) => {
    const created = await createStaffAccount(tx, { email, name: name || email, role, password });
    await recordAudit(tx, {
      actor: null,
      action: "user.created_by_script",
      entityType: "admin_user",
      entityId: created.adminId,
      details: { email: email.toLowerCase(), role },
    });
  });
  console.log(`Created ${role.replace(/_/g, " ")} ${email.toLowerCase()}. Sign in at /admin/login.`);
} catch (error) {
  console.error(error instanceof StaffError ? error.message : error);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
