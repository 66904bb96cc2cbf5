/**
 * Saved replies and owners: placeholders filled for the visitor, assignment audited on the
 * timeline with the new owner told by e-mail, and the list's "Mine" and "Unassigned" filters.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { adminUsers, emailOutbox, enquiries, user } from "~/db/schema";
import { setupTestDatabase } from "../../../tests/setup/database";
import { parseEnquiryFilters } from "./admin-schema";
import { listEnquiries } from "./admin.server";
import { assignEnquiry } from "./assignment.server";
import { getTimeline } from "./conversation.server";
import { createSavedReply, fillPlaceholders, listSavedReplies } from "./saved-replies.server";

setupTestDatabase();

async function staff(id: string, name: string, role: "super_admin" | "admin" | "editor" = "admin") {
  const email = `${id}@meridian.example`;
  await db.insert(user).values({ id, name, email, emailVerified: true, createdAt: new Date(), updatedAt: new Date() });
  await db.insert(adminUsers).values({ userId: id, name, email, role });
  return { userId: id, email };
}

async function newEnquiry(name: string) {
  const [row] = await db.insert(enquiries).values({ name, email: `${name.split(" ")[0]!.toLowerCase()}@client.example`, company: null, projectType: "Other", message: "Hello" }).returning();
  return row!;
}

describe("saved replies", () => {
  it("fill {name}, {company} and {consultation_link} for the visitor", async () => {
    await createSavedReply(null, { title: "Visit", body: "Dear {name},\n\nBook at {consultation_link}.{company}" });
    const [saved] = await listSavedReplies();
    const offered = ["en", "fr", "ar"];
    expect(fillPlaceholders(saved!.body, { name: "Dana", company: null, language: "en" }, offered)).toBe("Dear Dana,\n\nBook at http://localhost:3000/book-consultation.");
    expect(fillPlaceholders("{company} {unknown}", { name: "Dana", company: "Dana Ltd", language: "en" }, offered)).toBe("Dana Ltd {unknown}");
    // A French visitor gets the French wizard while the site offers French, else the English one.
    expect(fillPlaceholders("{consultation_link}", { name: "Chloé", company: null, language: "fr" }, offered)).toBe("http://localhost:3000/fr/book-consultation");
    expect(fillPlaceholders("{consultation_link}", { name: "Chloé", company: null, language: "fr" }, ["en", "ar"])).toBe("http://localhost:3000/book-consultation");
    expect(fillPlaceholders("{consultation_link}", { name: "Zé", company: null, language: "xx" }, offered)).toBe("http://localhost:3000/book-consultation");
  });
});

describe("assignEnquiry", () => {
  it("sets the owner, shows it on the timeline, tells the new owner, and filters Mine and Unassigned", async () => {
    const boss = await staff("u-boss", "Olu Boss", "super_admin");
    await staff("u-priya", "Priya Shah");
    await staff("u-ed", "Ed Itor", "editor");
    const mine = await newEnquiry("Ann Mine");
    const nobody = await newEnquiry("Ben Nobody");

    expect(await assignEnquiry(boss, mine.id, "u-ed")).toBe("not_staff");
    expect(await assignEnquiry(boss, mine.id, "u-priya")).toBe("assigned");
    expect(await assignEnquiry(boss, mine.id, "u-priya")).toBe("unchanged");
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "enquiry.assigned"));
    expect(mails.map((m) => [m.to, m.subject])).toEqual([["u-priya@meridian.example", "Assigned to you: Other from Ann Mine"]]);
    const timeline = await getTimeline(mine.id);
    expect(timeline.map((e) => (e.type === "change" ? e.text : ""))).toEqual(["Owner: Priya Shah"]);

    const names = async (owner: string, viewer: string) =>
      (await listEnquiries({ ...parseEnquiryFilters(new URLSearchParams(`owner=${owner}`)), viewerUserId: viewer })).items.map((e) => e.name);
    expect(await names("mine", "u-priya")).toEqual(["Ann Mine"]);
    expect(await names("mine", "u-boss")).toEqual([]);
    expect(await names("none", "u-boss")).toEqual(["Ben Nobody"]);

    // Assigning to oneself sends no mail; unassigning shows on the timeline.
    expect(await assignEnquiry(boss, nobody.id, "u-boss")).toBe("assigned");
    expect(await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "enquiry.assigned"))).toHaveLength(1);
    expect(await assignEnquiry(boss, mine.id, null)).toBe("assigned");
    expect((await getTimeline(mine.id)).at(-1)).toMatchObject({ type: "change", text: "Owner: nobody" });
  });
});
