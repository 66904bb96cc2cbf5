/**
 * The dashboard loader: editors may not see enquiries, so the data sent to them
 * holds no enquiry's name, e-mail, company or message; managers still get the recent list.
 */
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { enquiries } from "~/db/schema";
import * as dashboardRoute from "~/routes/admin/dashboard";
import { createStaffSession } from "../setup/admin-session";
import { setupTestDatabase } from "../setup/database";

setupTestDatabase();

const ENQUIRY = {
  name: "Priya Stanhope",
  email: "priya.stanhope@private.example",
  company: "Stanhope Confidential Holdings",
  projectType: "Commercial Engineering",
  message: "A confidential brief about our new headquarters.",
};

async function loaderData(role: "editor" | "admin"): Promise<unknown> {
  const staff = await createStaffSession(role);
  const request = staff.request("/admin/dashboard");
  return dashboardRoute.loader({ request, params: {}, context: { clientIp: "127.0.0.1" } } as never);
}

describe("dashboard loader", () => {
  it("sends an editor counts only: no enquiry name, e-mail, company, message or id", async () => {
    const [row] = await db.insert(enquiries).values(ENQUIRY).returning({ id: enquiries.id });
    const data = await loaderData("editor");
    const json = JSON.stringify(data);
    for (const value of [ENQUIRY.name, ENQUIRY.email, ENQUIRY.company, ENQUIRY.message, row!.id, "@private.example"]) {
      expect(json).not.toContain(value);
    }
    expect(data).toMatchObject({ recent: null, stats: { total: 1, new: 1 }, isManager: false });
  });

  it("sends an admin the recent list with names but no e-mail address", async () => {
    await db.insert(enquiries).values(ENQUIRY);
    const data = (await loaderData("admin")) as { recent: { name: string }[] };
    expect(data.recent.map((r) => r.name)).toEqual([ENQUIRY.name]);
    expect(JSON.stringify(data)).not.toContain(ENQUIRY.email);
  });
});
