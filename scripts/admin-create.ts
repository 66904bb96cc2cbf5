/**
 * `npm run admin:create`: creates a staff account with a password from the command line, e.g. the
 * first super admin of a production database (issue 4 "Sign-in and roles").
 *
 *   npm run admin:create -- --email ana@firm.co.uk --name "Ana Silva" --role super_admin
 *
 * Missing values are asked for. The password is never an argument (npm echoes the command, and
 * shells and the process list keep it): it is typed at a hidden prompt, or read from the
 * environment variable ADMIN_CREATE_PASSWORD when there is no terminal. It must pass the staff
 * password rule (`passwordProblem`), as on every password screen. Uses DATABASE_URL (or the
 * embedded database under PGLITE_DIR: stop the server first, PGlite allows one process at a
 * time). Migrates the database first.
 */
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { ADMIN_ROLES } from "~/db/schema";
import { restrictNewFiles } from "~/utils/private-files.server";
import { passwordProblem } from "~/features/auth/password-policy.server";
import { PASSWORD_RULE } from "~/features/auth/schema";

// Whatever this script writes (database, backup, restored files) is the owner's alone.
restrictNewFiles();

const USAGE = 'Usage: npm run admin:create -- --email <email> --name "<name>" --role super_admin|admin|editor\n' +
  "The password is asked for (hidden), or read from ADMIN_CREATE_PASSWORD; it is never taken as an argument.";

let values: { email?: string; name?: string; role?: string; help?: boolean };
try {
  ({ values } = parseArgs({
    options: {
      email: { type: "string" },
      name: { type: "string" },
      role: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  }));
} catch (error) {
  const passwordGiven = process.argv.some((a) => a === "--password" || a.startsWith("--password="));
  console.error(
    passwordGiven
      ? "The password is not taken on the command line (it would stay in your shell history and show in the process list). Leave out --password: you will be asked for it, or set ADMIN_CREATE_PASSWORD."
      : (error as Error).message,
  );
  console.error(USAGE);
  process.exit(1);
}

if (values.help) {
  console.log(USAGE);
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
  return hidden ? answer : answer.trim();
}

/** The new password: ADMIN_CREATE_PASSWORD, else typed twice at a hidden prompt; checked against the rule. */
async function choosePassword(): Promise<string> {
  const fromEnv = process.env.ADMIN_CREATE_PASSWORD;
  if (fromEnv !== undefined && fromEnv !== "") {
    const problem = passwordProblem(fromEnv);
    if (problem) {
      console.error(`ADMIN_CREATE_PASSWORD is refused: ${problem}`);
      process.exit(1);
    }
    return fromEnv;
  }
  if (!process.stdin.isTTY) {
    console.error("No password: run this in a terminal to be asked for one, or set ADMIN_CREATE_PASSWORD.");
    process.exit(1);
  }
  console.log(PASSWORD_RULE);
  for (;;) {
    const password = await ask("Password: ", true);
    const problem = passwordProblem(password);
    if (problem) {
      console.error(problem);
      continue;
    }
    if ((await ask("Repeat the password: ", true)) === password) return password;
    console.error("The passwords do not match.");
  }
}

const email = values.email ?? (await ask("E-mail: "));
const name = values.name ?? (await ask("Name: "));
const role = (values.role ?? ((await ask("Role (super_admin, admin, editor) [super_admin]: ")) || "super_admin")) as (typeof ADMIN_ROLES)[number];
if (!ADMIN_ROLES.includes(role)) {
  console.error(`Unknown role "${role}". Use one of: ${ADMIN_ROLES.join(", ")}.`);
  process.exit(1);
}
const password = await choosePassword();

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
