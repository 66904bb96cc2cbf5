import { parse } from "csv-parse/sync";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, enquiries } from "~/db/schema";
import { setupTestDatabase } from "../../../tests/setup/database";
import { parseEnquiryFilters } from "./admin-schema";
import {
  deleteEnquiry,
  exportEnquiriesCsv,
  listEnquiries,
  markNotSpam,
  updateEnquiry,
} from "./admin.server";
import { neutraliseCsvCell } from "~/utils/csv.server";

setupTestDatabase();

const actor = { userId: "user-1", email: "boss@example.com" };

type Row = typeof enquiries.$inferInsert;
let minute = 0;
/** Inserts an enquiry; each one a minute newer than the previous. */
async function addEnquiry(overrides: Partial<Row> = {}) {
  minute += 1;
  const [row] = await db
    .insert(enquiries)
    .values({
      name: "Alice Example",
      email: "alice@example.com",
      company: null,
      projectType: "General Enquiry",
      message: "Hello there",
      createdAt: new Date(Date.UTC(2026, 0, 1, 9, minute)),
      ...overrides,
    })
    .returning();
  return row!;
}

async function csvOf(filters: Parameters<typeof exportEnquiriesCsv>[0]) {
  const bytes = new Uint8Array(await new Response(exportEnquiriesCsv(filters)).arrayBuffer());
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  return { text, rows: parse(text, { bom: true }) as string[][] };
}

describe("listEnquiries", () => {
  it("searches name, email, company and message case-insensitively", async () => {
    const byName = await addEnquiry({ name: "Brunel Harding" });
    const byEmail = await addEnquiry({ email: "q.telford@bridges.example" });
    const byCompany = await addEnquiry({ company: "Arup-ish Partners" });
    const byMessage = await addEnquiry({ message: "We need a Seismic retrofit." });
    await addEnquiry();

    expect((await listEnquiries({ q: "bRuNeL" })).items.map((e) => e.id)).toEqual([byName.id]);
    expect((await listEnquiries({ q: "TELFORD@" })).items.map((e) => e.id)).toEqual([byEmail.id]);
    expect((await listEnquiries({ q: "arup-ISH" })).items.map((e) => e.id)).toEqual([byCompany.id]);
    expect((await listEnquiries({ q: "seismic RETRO" })).items.map((e) => e.id)).toEqual([byMessage.id]);
    expect((await listEnquiries({ q: "nothing matches this" })).total).toBe(0);
    expect((await listEnquiries({})).total).toBe(5);
  });

  it("matches % and _ literally", async () => {
    const percent = await addEnquiry({ message: "Budget up 50% this year" });
    const underscore = await addEnquiry({ email: "first_last@example.com" });
    await addEnquiry({ message: "Budget up 500 this year", email: "firstxlast@example.com" });

    expect((await listEnquiries({ q: "50%" })).items.map((e) => e.id)).toEqual([percent.id]);
    expect((await listEnquiries({ q: "%" })).items.map((e) => e.id)).toEqual([percent.id]);
    expect((await listEnquiries({ q: "first_last" })).items.map((e) => e.id)).toEqual([underscore.id]);
    expect((await listEnquiries({ q: "_" })).items.map((e) => e.id)).toEqual([underscore.id]);
  });

  it("filters by status and priority, newest first, with totals and pages", async () => {
    for (let i = 0; i < 25; i++) {
      await addEnquiry({ name: `Person ${i}`, status: i % 5 === 0 ? "closed" : "new", priority: i % 2 ? "high" : "low" });
    }
    const all = await listEnquiries({ pageSize: 10 });
    expect(all.total).toBe(25);
    expect(all.pageCount).toBe(3);
    expect(all.items.map((e) => e.name)).toEqual(Array.from({ length: 10 }, (_, i) => `Person ${24 - i}`));

    const last = await listEnquiries({ pageSize: 10, page: 3 });
    expect(last.items.map((e) => e.name)).toEqual(["Person 4", "Person 3", "Person 2", "Person 1", "Person 0"]);
    expect((await listEnquiries({ pageSize: 10, page: 4 })).items).toEqual([]);

    const closed = await listEnquiries({ status: "closed" });
    expect(closed.total).toBe(5);
    expect(closed.items.every((e) => e.status === "closed")).toBe(true);

    const closedHigh = await listEnquiries({ status: "closed", priority: "high" });
    expect(closedHigh.items.map((e) => e.name)).toEqual(["Person 15", "Person 5"]);
    expect(closedHigh.total).toBe(2);

    const search = await listEnquiries({ q: "person 1", priority: "low", pageSize: 3 });
    // Person 1, 10..19 contain "person 1"; the low (even) ones: 10, 12, 14, 16, 18.
    expect(search.total).toBe(5);
    expect(search.items.map((e) => e.name)).toEqual(["Person 18", "Person 16", "Person 14"]);
  });

  it("keeps spam out of the list and shows it, with its reason, in the spam view", async () => {
    const real = await addEnquiry({ name: "Real Client" });
    const spam = await addEnquiry({ name: "Cheap Pills", spamReason: "honeypot" });

    const normal = await listEnquiries({});
    expect(normal.items.map((e) => e.id)).toEqual([real.id]);
    expect(normal.total).toBe(1);

    const spamView = await listEnquiries({ spam: true });
    expect(spamView.items.map((e) => [e.id, e.spamReason])).toEqual([[spam.id, "honeypot"]]);
    expect((await listEnquiries({ spam: true, q: "real" })).total).toBe(0);

    const back = await markNotSpam(actor, spam.id);
    expect(back?.spamReason).toBeNull();
    expect((await listEnquiries({})).total).toBe(2);
    expect((await listEnquiries({ spam: true })).total).toBe(0);
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, "enquiry.marked_not_spam"));
    expect(entry?.entityId).toBe(spam.id);
    expect(entry?.details).toEqual({ before: { spamReason: "honeypot" }, after: { spamReason: null } });
  });

  it("reads filters from the URL and ignores invalid values", () => {
    expect(parseEnquiryFilters(new URLSearchParams("q=%20steel%20&status=in_review&priority=high&view=spam&page=3"))).toEqual({
      q: "steel",
      status: "in_review",
      priority: "high",
      spam: true,
      page: 3,
    });
    expect(parseEnquiryFilters(new URLSearchParams("q=&status=bogus&priority=all&page=-2"))).toEqual({
      q: undefined,
      status: undefined,
      priority: undefined,
      spam: false,
      page: 1,
    });
  });
});

describe("updateEnquiry and deleteEnquiry", () => {
  it("changes status, priority, type and notes and audits before/after", async () => {
    const e = await addEnquiry();
    const updated = await updateEnquiry(actor, e.id, { status: "in_review", priority: "high", internalNotes: "Call back Monday" });
    expect(updated).toMatchObject({ status: "in_review", priority: "high", internalNotes: "Call back Monday" });
    const [stored] = await db.select().from(enquiries).where(eq(enquiries.id, e.id));
    expect(stored).toMatchObject({ status: "in_review", priority: "high", internalNotes: "Call back Monday" });

    const entries = await db.select().from(auditLog).where(and(eq(auditLog.entityId, e.id), eq(auditLog.action, "enquiry.updated")));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorUserId: "user-1", actorEmail: "boss@example.com", entityType: "enquiry" });
    expect(entries[0]!.details).toEqual({
      before: { status: "new", priority: "medium", internalNotes: null },
      after: { status: "in_review", priority: "high", internalNotes: "Call back Monday" },
    });

    // Same values again: nothing changes, no new audit entry. Empty notes clear them.
    await updateEnquiry(actor, e.id, { status: "in_review" });
    expect(await db.select().from(auditLog)).toHaveLength(1);
    const cleared = await updateEnquiry(actor, e.id, { internalNotes: "", projectType: "Careers" });
    expect(cleared).toMatchObject({ internalNotes: null, projectType: "Careers" });
    expect(await db.select().from(auditLog)).toHaveLength(2);
  });

  it("returns null for an unknown id and leaves the database alone", async () => {
    expect(await updateEnquiry(actor, "00000000-0000-4000-8000-000000000000", { status: "closed" })).toBeNull();
    expect(await deleteEnquiry(actor, "00000000-0000-4000-8000-000000000000")).toBe(false);
    expect(await db.select().from(auditLog)).toHaveLength(0);
  });

  it("rejects a value outside the status check in the database", async () => {
    const e = await addEnquiry();
    await expect(updateEnquiry(actor, e.id, { status: "bogus" as never })).rejects.toThrow();
    const [stored] = await db.select().from(enquiries).where(eq(enquiries.id, e.id));
    expect(stored?.status).toBe("new");
    expect(await db.select().from(auditLog)).toHaveLength(0);
  });

  it("deletes with an audit entry", async () => {
    const e = await addEnquiry({ name: "Gone Soon" });
    expect(await deleteEnquiry(actor, e.id)).toBe(true);
    expect(await db.select().from(enquiries)).toHaveLength(0);
    const [entry] = await db.select().from(auditLog);
    expect(entry).toMatchObject({ action: "enquiry.deleted", entityId: e.id, actorEmail: "boss@example.com" });
    expect((entry!.details as { before: { name: string } }).before.name).toBe("Gone Soon");
  });
});

describe("exportEnquiriesCsv", () => {
  it("neutralises formula cells and round-trips quotes, commas and newlines", async () => {
    await addEnquiry({
      name: "=HYPERLINK(\"http://evil\")",
      email: "+44@example.com",
      company: "-Minus Ltd",
      projectType: "@SUM(A1)",
      message: 'Line one, with "quotes"\nLine two\r\nLine three',
    });
    await addEnquiry({ name: "\tTabbed", company: "\rCarriage", message: "Plain" });
    await addEnquiry({ name: "Spam Bot", spamReason: "honeypot" });

    const { text, rows } = await csvOf({});
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(rows[0]).toEqual(["Created", "Name", "Email", "Company", "Type", "Status", "Priority", "Message"]);
    expect(rows).toHaveLength(3); // header + 2, spam left out
    expect(rows[1]).toEqual([
      new Date(Date.UTC(2026, 0, 1, 9, minute - 1)).toISOString(),
      "'\tTabbed",
      "alice@example.com",
      "'\rCarriage",
      "General Enquiry",
      "new",
      "medium",
      "Plain",
    ]);
    expect(rows[2]).toEqual([
      new Date(Date.UTC(2026, 0, 1, 9, minute - 2)).toISOString(),
      "'=HYPERLINK(\"http://evil\")",
      "'+44@example.com",
      "'-Minus Ltd",
      "'@SUM(A1)",
      "new",
      "medium",
      'Line one, with "quotes"\nLine two\r\nLine three',
    ]);
    expect(neutraliseCsvCell("a=b")).toBe("a=b");
  });

  it("exports only the filtered rows, across batches, newest first", async () => {
    const values: Row[] = Array.from({ length: 1205 }, (_, i) => ({
      name: `Bulk ${i}`,
      email: `bulk${i}@example.com`,
      projectType: "Other",
      message: "x",
      priority: i % 2 ? "high" : "low",
      createdAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000),
    }));
    await db.insert(enquiries).values(values);
    const { rows } = await csvOf({ priority: "high", page: 5 });
    expect(rows).toHaveLength(1 + 602);
    expect(rows[1]![1]).toBe("Bulk 1203");
    expect(rows.at(-1)![1]).toBe("Bulk 1");
    const search = await csvOf({ q: "bulk12" });
    expect(search.rows.slice(1).map((r) => r[1])).toEqual(["Bulk 1204", "Bulk 1203", "Bulk 1202", "Bulk 1201", "Bulk 1200", "Bulk 129", "Bulk 128", "Bulk 127", "Bulk 126", "Bulk 125", "Bulk 124", "Bulk 123", "Bulk 122", "Bulk 121", "Bulk 120", "Bulk 12"]);
  });
});
