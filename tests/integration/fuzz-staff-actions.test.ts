/**
 * Property-based fuzzing of every staff action (sign-out, e-mail confirmation, enquiries,
 * consultations, users, media, settings, projects, insights, data protection, the account page),
 * posted as a signed-in super admin through the fuzzer of tests/setup/fuzz-actions.ts: FUZZ_RUNS
 * submissions per action (100 on PostgreSQL, 25 on the PGlite pass). The actions anyone can send
 * are in fuzz-public-actions.test.ts.
 */
import * as logout from "~/routes/admin/logout";
import * as confirmEmail from "~/routes/admin/confirm-email";
import * as adminConsultations from "~/routes/admin/consultations";
import * as adminEnquiries from "~/routes/admin/enquiries";
import * as adminMedia from "~/routes/admin/media";
import * as adminMediaUpload from "~/routes/admin/media-upload";
import * as adminSettings from "~/routes/admin/settings";
import * as adminUsersRoute from "~/routes/admin/users";
import * as adminAccount from "~/routes/admin/account";
import * as projectCreate from "~/routes/admin/cms/project-create";
import * as projectEdit from "~/routes/admin/cms/project-edit";
import * as projectsList from "~/routes/admin/cms/projects";
import * as blogCreate from "~/routes/admin/cms/blog-create";
import * as blogEdit from "~/routes/admin/cms/blog-edit";
import * as projectTranslation from "~/routes/admin/cms/project-translation";
import * as blogTranslation from "~/routes/admin/cms/blog-translation";
import * as blogList from "~/routes/admin/cms/blog";
import * as dataProtection from "~/routes/admin/data-protection";
import * as dataProtectionExport from "~/routes/admin/data-protection-export";
import { setupTestDatabase } from "../setup/database";
import { asAction, fuzzActions, type Target } from "../setup/fuzz-actions";

setupTestDatabase();

const PROJECT_FIELDS = ["title", "client", "subtitle", "location", "year", "duration", "overview", "challenge", "approach", "solution", "impact",
  "heroImage", "images", "videoUrl", "category", "status", "featured", "tags", "teamMembers", "awards", "specKey", "specValue", "metricKey",
  "metricValue", "metricUnit", "seoTitle", "seoDescription", "scheduleAt", "version", "id"];

const INSIGHT_FIELDS = ["title", "subtitle", "excerpt", "summary", "authorName", "authorRole", "authorBio", "authorImage", "heroImage", "category",
  "readingMinutes", "featured", "tags", "content", "seoTitle", "seoDescription", "scheduleAt", "version", "id"];

const TARGETS: Target[] = [
  { name: "POST /admin/logout", path: () => "/admin/logout", action: asAction(logout.action), staff: true, intents: [], fields: [] },
  { name: "POST /admin/confirm-email", path: () => "/admin/confirm-email", action: asAction(confirmEmail.action), staff: true, intents: [],
    fields: ["token"] },
  { name: "POST /admin/enquiries", path: () => "/admin/enquiries", action: asAction(adminEnquiries.action), staff: true,
    intents: ["update", "delete", "spam"], fields: ["id", "status", "priority", "projectType", "internalNotes", "spam"] },
  { name: "POST /admin/consultations", path: () => "/admin/consultations", action: asAction(adminConsultations.action), staff: true,
    intents: ["update-booking", "create-slot", "create-recurring", "update-slot", "delete-slot", "close-dates"],
    fields: ["id", "status", "meetingLink", "meetingNotes", "date", "startTime", "endTime", "maxBookings", "isAvailable", "startDate", "endDate", "daysOfWeek", "skipBankHolidays"] },
  { name: "POST /admin/users", path: () => "/admin/users", action: asAction(adminUsersRoute.action), staff: true,
    intents: ["invite", "role", "deactivate", "reactivate", "resend", "reset-two-factor", "require-two-factor"], fields: ["email", "name", "role", "adminId", "on"] },
  { name: "POST /admin/media/upload", path: () => "/admin/media/upload", action: asAction(adminMediaUpload.action), staff: true, intents: [],
    fields: ["file", "alt", "focalX", "focalY"] },
  { name: "POST /admin/media", path: () => "/admin/media", action: asAction(adminMedia.action), staff: true, intents: ["update", "delete"],
    fields: ["id", "altText", "focalX", "focalY"] },
  { name: "POST /admin/settings", path: () => "/admin/settings", action: asAction(adminSettings.action), staff: true, intents: [],
    fields: ["companyName", "email", "phone", "location", "linkedinUrl", "notificationRecipients", "minimumNoticeHours", "bookingWeeksAhead", "analyticsMode", "analyticsId", "siteVerification"] },
  { name: "POST /admin/cms/projects/create", path: () => "/admin/cms/projects/create", action: asAction(projectCreate.action), staff: true,
    intents: ["draft", "publish", "schedule"], fields: PROJECT_FIELDS },
  { name: "POST /admin/cms/projects/edit/:id", path: (ids) => `/admin/cms/projects/edit/${ids.projectId}`, params: (ids) => ({ id: ids.projectId }),
    action: asAction(projectEdit.action), staff: true, intents: ["draft", "publish", "schedule", "keep", "archive", "restore", "unpublish", "cancel-schedule", "delete"], fields: PROJECT_FIELDS },
  { name: "POST /admin/cms/projects/edit/:id/:lang", path: (ids) => `/admin/cms/projects/edit/${ids.projectId}/fr`, params: (ids) => ({ id: ids.projectId, lang: "fr" }),
    action: asAction(projectTranslation.action), staff: true, intents: ["draft", "publish", "schedule", "keep", "unpublish", "cancel-schedule"], fields: ["version", "slug", "title", "overview", "fallback", "scheduleAt"] },
  { name: "POST /admin/cms/projects", path: () => "/admin/cms/projects", action: asAction(projectsList.action), staff: true,
    intents: ["delete", "archive", "restore"], fields: ["id"] },
  { name: "POST /admin/cms/blog/create", path: () => "/admin/cms/blog/create", action: asAction(blogCreate.action), staff: true,
    intents: ["draft", "publish", "schedule"], fields: INSIGHT_FIELDS },
  { name: "POST /admin/cms/blog/edit/:id", path: (ids) => `/admin/cms/blog/edit/${ids.insightId}`, params: (ids) => ({ id: ids.insightId }),
    action: asAction(blogEdit.action), staff: true, intents: ["draft", "publish", "schedule", "keep", "archive", "restore", "unpublish", "cancel-schedule", "delete"], fields: INSIGHT_FIELDS },
  { name: "POST /admin/cms/blog/edit/:id/:lang", path: (ids) => `/admin/cms/blog/edit/${ids.insightId}/ar`, params: (ids) => ({ id: ids.insightId, lang: "ar" }),
    action: asAction(blogTranslation.action), staff: true, intents: ["draft", "publish", "schedule", "keep", "unpublish", "cancel-schedule"], fields: ["version", "slug", "title", "excerpt", "content", "fallback", "scheduleAt"] },
  { name: "POST /admin/cms/blog", path: () => "/admin/cms/blog", action: asAction(blogList.action), staff: true,
    intents: ["delete", "archive", "restore"], fields: ["id"] },
  { name: "POST /admin/data-protection", path: () => "/admin/data-protection", action: asAction(dataProtection.action), staff: true,
    intents: ["search", "erase", "retention"], fields: ["email", "cancelFutureBookings", "expectedFutureBookings", "spamDays", "recordsMonths", "emailBodyDays", "analyticsRawDays", "analyticsMonths", "waitingListDays"] },
  { name: "POST /admin/account", path: () => "/admin/account", action: asAction(adminAccount.action), staff: true,
    intents: ["turn-on", "regenerate", "turn-off", "change-name", "change-email", "change-password", "totp-start", "totp-confirm",
      "recovery-regenerate", "totp-disable", "passkey-remove", "session-end", "sessions-end-others"],
    fields: ["name", "newEmail", "currentPassword", "newPassword", "confirmPassword", "password", "code", "totpUri", "passkeyId", "sessionId"] },
  { name: "POST /admin/data-protection/export", path: () => "/admin/data-protection/export", action: asAction(dataProtectionExport.action), staff: true,
    intents: [], fields: ["format", "email", "kind"] },
];

fuzzActions(TARGETS);
