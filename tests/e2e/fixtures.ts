/**
 * Fixed data the browser tests rely on, written into the fresh e2e database before the server
 * starts (tests/setup/e2e-prepare.ts). Each area adds its fixtures here and exports their keys.
 */
import { seedAccountFixtures } from "./support/account-fixtures";
import { seedBookingFixtures, seedReminderFixture } from "./support/booking-fixtures";
import { seedConversationFixtures } from "./support/conversation-fixtures";
import { seedDataProtectionFixtures } from "./support/data-protection-fixtures";
import { seedEngineerFixtures } from "./support/engineer-fixtures";
import { seedEnquiryFixtures } from "./support/enquiry-fixtures";
import { seedNewStaffFixtures } from "./support/new-staff-fixtures";
import { seedStaffDayFixtures } from "./support/staff-day-fixtures";
import { seedUserControlFixtures } from "./support/user-controls-fixtures";
import { seedVisitorFixtures } from "./support/visitor-fixtures";
import { seedWaitingListFixtures } from "./support/waiting-list-fixtures";
import { seedWordpressFixtures } from "./support/wordpress-fixtures";

export async function seedE2eFixtures(): Promise<void> {
  await seedEnquiryFixtures();
  await seedBookingFixtures();
  await seedReminderFixture();
  await seedDataProtectionFixtures();
  await seedStaffDayFixtures();
  await seedAccountFixtures();
  await seedVisitorFixtures();
  await seedNewStaffFixtures();
  await seedEngineerFixtures();
  await seedConversationFixtures();
  await seedWaitingListFixtures();
  await seedWordpressFixtures();
  await seedUserControlFixtures();
}
