/**
 * Enquiries the admin enquiries browser tests (tests/e2e/admin-enquiries.spec.ts) rely on,
 * written before the server starts. Names are unique so a search finds exactly one row.
 */
import { db } from "~/db/client.server";
import { enquiries } from "~/db/schema";

/** The fixture enquiries, by role in the tests. */
export const ENQUIRY_FIXTURES = {
  girder: {
    name: "Fiona Girderfield",
    email: "fiona@girderfield.example",
    company: "Girderfield & Co",
    projectType: "Commercial Engineering",
    message: "We need a structural review of a 12-storey steel frame office.\nThe client wants options by March.",
    status: "in_review",
    priority: "high",
  },
  shelter: {
    name: "Hamid Shelterton",
    email: "hamid@shelterton.example",
    company: "+Relief Partners",
    projectType: "Humanitarian Engineering",
    message: "Flood-resilient housing for 200 families in a river delta.",
    status: "new",
    priority: "low",
  },
  removable: {
    name: "Delia Removable",
    email: "delia@removable.example",
    company: null,
    projectType: "General Enquiry",
    message: "Please delete me in the browser test.",
    status: "new",
    priority: "medium",
  },
  rollback: {
    name: "Rita Rollback",
    email: "rita@rollback.example",
    company: null,
    projectType: "Other",
    message: "Deleted elsewhere while the list is open.",
    status: "new",
    priority: "medium",
  },
  spam: {
    name: "Spammy Offerbot",
    email: "offers@spam.example",
    company: null,
    projectType: "Other",
    message: "Cheap backlinks for your website!!!",
    status: "new",
    priority: "medium",
    spamReason: "honeypot",
  },
} as const;

/** Inserts the fixture enquiries, a minute apart, the newest a minute ago. */
export async function seedEnquiryFixtures(): Promise<void> {
  const now = Date.now();
  await db.insert(enquiries).values(
    Object.values(ENQUIRY_FIXTURES).map((e, i) => ({ ...e, createdAt: new Date(now - (i + 1) * 60_000) })),
  );
}
