/**
 * Property-based fuzzing of the actions anyone can send (the contact form, the booking wizard and
 * its manage link, the consent choice, and the sign-in, password and two-factor forms), through the
 * fuzzer of tests/setup/fuzz-actions.ts: FUZZ_PUBLIC_RUNS submissions per action (1,000 on
 * PostgreSQL, 50 on the PGlite pass). The staff actions are in fuzz-staff-actions.test.ts.
 */
import { randomUUID } from "node:crypto";
import { issueFormToken } from "~/features/abuse/form-guard.server";
import * as bookConsultation from "~/routes/public/book-consultation";
import * as contact from "~/routes/public/contact";
import * as manageBooking from "~/routes/public/manage-booking";
import * as consent from "~/routes/resources/consent";
import * as login from "~/routes/admin/login";
import * as setPassword from "~/routes/admin/set-password";
import * as forgotPassword from "~/routes/admin/forgot-password";
import * as twoFactorSignIn from "~/routes/admin/two-factor";
import { setupTestDatabase } from "../setup/database";
import { asAction, fuzzActions, type Target } from "../setup/fuzz-actions";

setupTestDatabase();

/** A form token issued 20 s ago: past the bot check's minimum time. */
const pastFormToken = () => issueFormToken(new Date(Date.now() - 20_000));

const TARGETS: Target[] = [
  { name: "POST /contact", path: () => "/contact", action: asAction(contact.action), staff: false, intents: [],
    fields: ["name", "email", "company", "projectType", "message", "formToken", "website"],
    valid: () => ({ name: "Grace Hopper", email: "grace@example.com", company: "Navy", projectType: "General Enquiry", message: "A long enough message about a project.", formToken: pastFormToken(), website: "" }) },
  { name: "POST /book-consultation", path: () => "/book-consultation", action: asAction(bookConsultation.action), staff: false,
    intents: ["review", "edit", "confirm"],
    fields: ["name", "email", "phone", "companyName", "projectType", "projectDescription", "timeline", "budgetRange", "howHeardAboutUs", "specialRequirements", "typeId", "slotId", "idempotencyKey", "formToken", "website"],
    valid: (ids) => ({ intent: "confirm", name: "Jo Bloggs", email: "jo@example.com", companyName: "Bloggs Ltd", projectDescription: "A footbridge.", specialRequirements: "None",
      typeId: ids.typeId, slotId: ids.slotId, idempotencyKey: randomUUID(), formToken: pastFormToken(), website: "" }) },
  { name: "POST /book-consultation/manage/:token", path: (ids) => `/book-consultation/manage/${ids.manageToken}`,
    params: (ids) => ({ token: ids.manageToken }), action: asAction(manageBooking.action), staff: false, intents: ["ask", "cancel", "reschedule"],
    fields: ["slotId", "week"] },
  { name: "POST /consent", path: () => "/consent", action: asAction(consent.action), staff: false, intents: [], fields: ["choice", "returnTo"] },
  { name: "POST /admin/login", path: () => "/admin/login", action: asAction(login.action), staff: false, intents: [], fields: ["email", "password", "redirectTo"] },
  { name: "POST /admin/set-password", path: () => "/admin/set-password", action: asAction(setPassword.action), staff: false, intents: [],
    fields: ["token", "password", "confirmPassword"] },
  { name: "POST /admin/forgot-password", path: () => "/admin/forgot-password", action: asAction(forgotPassword.action), staff: false, intents: [],
    fields: ["email"] },
  { name: "POST /admin/two-factor", path: () => "/admin/two-factor", action: asAction(twoFactorSignIn.action), staff: false, intents: [],
    fields: ["method", "code", "trustDevice", "redirectTo"] },
];

fuzzActions(TARGETS);
