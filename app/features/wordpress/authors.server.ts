/**
 * Which member of staff each WordPress author's posts are attributed to, the one check both ways
 * of importing use: the portal's mapping form names staff by user id, the command line's
 * `--author <login>=<e-mail>` by e-mail. Only active staff may be chosen; an author not chosen
 * keeps the dry run's mapping (the member of staff with their e-mail, else the byline).
 */
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { adminUsers } from "~/db/schema";
import type { ImportMapping } from "./apply.server";
import type { DryRun } from "./dry-run.server";

/** The member of staff chosen for an author: by user id (the portal) or e-mail (the command line), or "byline" to keep the author's name. */
export type AuthorChoice = { userId: string } | { email: string } | "byline";

/** WordPress login → the chosen member of staff's user id, or null for the byline. */
export type AuthorMapping = NonNullable<ImportMapping["authors"]>;

/**
 * The mapping of `choices` (by WordPress login) for the export planned in `plan`, checked against
 * the active staff now: each login must be one of the export's authors, each user id or e-mail
 * (any case) an active member of staff. Also gives the plan's authors with the choices applied, as
 * the dry run shows them. Else the message of the first wrong choice.
 */
export async function mapAuthors(
  plan: Pick<DryRun, "authors">,
  choices: Readonly<Record<string, AuthorChoice>>,
): Promise<{ ok: true; authors: AuthorMapping; shown: DryRun["authors"] } | { ok: false; message: string }> {
  const staff = await db.select({ userId: adminUsers.userId, name: adminUsers.name, email: adminUsers.email }).from(adminUsers).where(eq(adminUsers.isActive, true));
  const authors: AuthorMapping = {};
  for (const [login, choice] of Object.entries(choices)) {
    const author = plan.authors.find((a) => a.login === login);
    if (!author) {
      return { ok: false, message: `"${login}" is not an author of this export. Its authors' logins: ${plan.authors.map((a) => a.login).join(", ") || "none"}.` };
    }
    if (choice === "byline") {
      authors[login] = null;
      continue;
    }
    const member = "userId" in choice ? staff.find((s) => s.userId === choice.userId) : staff.find((s) => s.email.toLowerCase() === choice.email.trim().toLowerCase());
    if (!member) {
      return {
        ok: false,
        message: "userId" in choice ? `Choose a member of staff for ${author.displayName}, or keep the byline.` : `No active member of staff has the e-mail "${choice.email}" (chosen for ${author.displayName}).`,
      };
    }
    authors[login] = member.userId;
  }
  const shown = plan.authors.map((a) => {
    if (!(a.login in authors)) return a;
    const member = staff.find((s) => s.userId === authors[a.login]);
    return { ...a, staffId: member?.userId ?? null, staffName: member?.name ?? null };
  });
  return { ok: true, authors, shown };
}
