/**
 * Demo contact enquiries, so the admin portal's dashboard, badges and enquiry list show a working
 * day on a fresh install. Statuses,
 * priorities and types are mixed; `created_at` is spread over the last two weeks before seeding.
 * Answered ones carry a response time (`responded_at`); unanswered ones already past 20
 * hours count as reminded, so a fresh install does not mail staff about demo data.
 */
import type { Transaction } from "~/db/client.server";
import { enquiries } from "~/db/schema";
import { REMINDER_AFTER_MS } from "~/features/enquiries/response-time";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const DEMO_ENQUIRIES = [
  {
    name: "Hannah Okoro", email: "hannah.okoro@northbank-homes.example", company: "Northbank Homes",
    projectType: "Commercial Engineering", status: "new", priority: "high", daysAgo: 0.2,
    message: "We are planning a 12-storey residential block in Croydon on a constrained brownfield site and need a structural engineer for RIBA Stages 2 to 4. Could we arrange a call this week?",
  },
  {
    name: "Tomás Herrera", email: "t.herrera@reliefbuild.example", company: "ReliefBuild International",
    projectType: "Humanitarian Engineering", status: "new", priority: "high", daysAgo: 0.9,
    message: "Following the floods in Sindh we need rapid structural assessments of around 40 school buildings and designs for safe repairs. Do you have engineers available to deploy in the next month?",
  },
  {
    name: "Grace Whitmore", email: "grace@whitmore-architects.example", company: "Whitmore Architects",
    projectType: "Project Consultation", status: "in_review", priority: "medium", daysAgo: 2, answeredAfterHours: 3,
    message: "We have a timber-frame community hall at concept stage and would value an early conversation about the roof structure and embodied carbon targets.",
  },
  {
    name: "Daniel Price", email: "daniel.price@example.com", company: null,
    projectType: "General Enquiry", status: "responded", priority: "low", daysAgo: 3, answeredAfterHours: 26,
    message: "I am extending a Victorian terrace and removing a load-bearing wall. Do you take on small residential jobs, and what would you need from me?",
  },
  {
    name: "Amina Yusuf", email: "amina.yusuf@coastalresilience.example", company: "Coastal Resilience Trust",
    projectType: "Partnership Opportunity", status: "in_review", priority: "medium", daysAgo: 5, answeredAfterHours: 5,
    message: "We are bidding for a multi-year coastal protection programme in East Africa and are looking for an engineering partner with cyclone-resilient design experience.",
  },
  {
    name: "Oliver Grant", email: "oliver.grant@gateway-logistics.example", company: "Gateway Logistics",
    projectType: "Commercial Engineering", status: "project_started", priority: "medium", daysAgo: 8, answeredAfterHours: 2,
    message: "Confirming we would like to proceed with the warehouse mezzanine design we discussed. Please send over the appointment letter.",
  },
  {
    name: "Sophie Laurent", email: "sophie.laurent@press.example", company: "Structures Weekly",
    projectType: "Media & Press", status: "closed", priority: "low", daysAgo: 11, answeredAfterHours: 30,
    message: "I am writing a feature on post-earthquake reconstruction and would like to interview one of your founders about the Hatay assessments.",
  },
  {
    name: "Marcus Bell", email: "marcus.bell@example.com", company: null,
    projectType: "Careers", status: "new", priority: "low", daysAgo: 13,
    message: "I am a chartered structural engineer with eight years' experience in steel and concrete design. Are you recruiting for any positions in London?",
  },
] as const;

/** Inserts the demo enquiries inside the seeding transaction. */
export async function seedEnquiries(tx: Transaction, now: Date = new Date()): Promise<void> {
  await tx.insert(enquiries).values(
    DEMO_ENQUIRIES.map((demo) => {
      const { daysAgo, answeredAfterHours = null, ...enquiry } = demo as typeof demo & { answeredAfterHours?: number };
      const createdAt = new Date(now.getTime() - daysAgo * DAY_MS);
      const respondedAt = answeredAfterHours === null ? null : new Date(createdAt.getTime() + answeredAfterHours * HOUR_MS);
      const remindedAt = new Date(createdAt.getTime() + REMINDER_AFTER_MS);
      return {
        ...enquiry,
        createdAt,
        updatedAt: respondedAt ?? createdAt,
        respondedAt,
        overdueReminderSentAt: enquiry.status === "new" && remindedAt <= now ? remindedAt : null,
      };
    }),
  );
}
