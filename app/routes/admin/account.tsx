import { redirect } from "react-router";
import { z } from "zod";
import { AccountScreen } from "~/features/auth/components/account-screen";
import { ACCOUNT_INTENTS, ENROLMENT_INTENTS, type AccountIntent, type AccountResult } from "~/features/auth/components/account/types";
import { auditActor, requireAdmin, type AdminSession } from "~/features/auth/guard.server";
import { MANAGER_ROLES, roleAllows } from "~/features/auth/roles";
import {
  ChangeEmailSchema,
  ChangeNameSchema,
  ChangePasswordSchema,
  CurrentPasswordSchema,
  PASSWORD_RULE,
  TotpConfirmSchema,
} from "~/features/auth/schema";
import { changeOwnName, changeOwnPassword, requestEmailChange, requestOrigin } from "~/features/auth/self-service.server";
import { endOtherSessions, endOwnSession, listOwnPasskeys, listOwnSessions, removeOwnPasskey } from "~/features/auth/sessions.server";
import {
  confirmTotpEnrolment,
  describeTotpUri,
  getTwoFactorState,
  regenerateRecoveryCodes,
  startTotpEnrolment,
  takeShownRecoveryCodes,
  turnOffTwoFactor,
} from "~/features/auth/two-factor.server";
import { calendarConnectionAction } from "~/features/calendars/actions.server";
import { CalendarConnectionCard } from "~/features/calendars/components/calendar-connection-card";
import { getCalendarConnection } from "~/features/calendars/connections.server";
import { CALENDAR_CONNECTION_INTENTS, isCalendarConnectionIntent, type CalendarConnectionResult } from "~/features/calendars/types";
import { queueUpcomingCalendarWrites, getEngineerProfile, listTypesForEngineers, saveEngineerProfile } from "~/features/consultations/engineers/index.server";
import { getCalendarFeedState, issueCalendarFeed, turnOffCalendarFeed } from "~/features/consultations/bookings/index.server";
import { CALENDAR_FEED_INTENTS, CalendarFeedCard, type CalendarFeedResult } from "~/features/consultations/bookings/components/calendar-feed-card";
import { EngineerCard } from "~/features/consultations/engineers/components/engineer-card";
import { EngineerProfileSchema, type EngineerProfileReply } from "~/features/consultations/engineers/engineer-schema";
import { pageMeta } from "~/features/seo/meta";
import { readFormData } from "~/utils/form-data.server";
import { accept, parseSubmission, type ParseOptions, refuse, refuseInvalid, refusedFields } from "~/utils/forms";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Your account", path: "/admin/account", noIndex: true });

/**
 * The signed-in member's own account (every staff role): details, password, two-factor, passkeys,
 * sessions and calendar feed. While two-factor is required and not set up, this is the only page
 * they may use (`mustEnrolTwoFactor`).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireAdmin(request);
  const url = new URL(request.url);
  const [calendar, feed, twoFactor, passkeys, sessions, turnedOn] = await Promise.all([
    getCalendarConnection(session.user.id),
    getCalendarFeedState(session.admin.id),
    getTwoFactorState(session),
    listOwnPasskeys(session),
    listOwnSessions(session),
    twoFactorTurnedOn(session),
  ]);
  // Only roles that open consultations take them (an engineer reads the visitor's details).
  const engineer = roleAllows(session.admin.role, MANAGER_ROLES)
    ? { profile: await getEngineerProfile(session.admin.id), types: await listTypesForEngineers() }
    : null;
  return {
    admin: { name: session.admin.name, email: session.admin.email, role: session.admin.role },
    mustEnrolTwoFactor: session.mustEnrolTwoFactor,
    emailChanged: url.searchParams.get("emailChanged") === "1",
    passwordRule: PASSWORD_RULE,
    twoFactor,
    passkeys,
    sessions,
    calendar: { userId: session.user.id, state: calendar },
    feed,
    personal: roleAllows(session.admin.role, MANAGER_ROLES),
    twoFactorTurnedOn: turnedOn,
    sessionReplaced: sessionReplacedAnswer(url.searchParams.get("done")),
    engineer,
  };
}

/**
 * The answers of the changes that replace this browser's session (better-auth signs every session
 * out and gives this browser a new one), by intent. Their action sends the browser back to Your
 * account (`answerWithNewSession`), whose loader shows the answer.
 */
const SESSION_REPLACING_ANSWERS = {
  "change-password": "Password changed. Your other sessions have been signed out.",
  "totp-disable": "Two-factor is off",
} as const satisfies Partial<Record<AccountIntent, string>>;

type SessionReplacingIntent = keyof typeof SESSION_REPLACING_ANSWERS;

/** The answer of `?done=<intent>` when it names a session-replacing change, else null. */
function sessionReplacedAnswer(done: string | null): AccountResult | null {
  if (!done || !Object.hasOwn(SESSION_REPLACING_ANSWERS, done)) return null;
  const intent = done as SessionReplacingIntent;
  return { intent, ok: true, message: SESSION_REPLACING_ANSWERS[intent] };
}

/**
 * After a change that replaced this browser's session: a 303 back to Your account with the new
 * session's cookie, naming the change (`?done=`) so the page shows its answer. The old session is
 * gone, so a page rendered in answer to the post (as without JavaScript, where the page's loaders
 * run in the same request, with the old cookie) would send the member to sign in instead.
 */
function answerWithNewSession(intent: SessionReplacingIntent, setCookie: string[] = []) {
  return redirect(`/admin/account?done=${intent}`, { status: 303, headers: cookieHeaders(setCookie) });
}

/** The answer shown once after two-factor was turned on: its recovery codes, or null. */
async function twoFactorTurnedOn(session: AdminSession): Promise<AccountResult | null> {
  const recoveryCodes = await takeShownRecoveryCodes(session.sessionId);
  return recoveryCodes ? { intent: "totp-confirm", ok: true, message: "Two-factor is on", recoveryCodes } : null;
}

const IntentSchema = z.object({ intent: z.enum([...CALENDAR_FEED_INTENTS, ...CALENDAR_CONNECTION_INTENTS, ...ACCOUNT_INTENTS, "engineer-save"]) });

type Reply = CalendarFeedResult | CalendarConnectionResult | AccountResult | EngineerProfileReply;

/** Headers carrying `setCookie` (the Set-Cookie values of a replaced session). */
function cookieHeaders(setCookie: string[]): Headers {
  const headers = new Headers();
  for (const cookie of setCookie) headers.append("Set-Cookie", cookie);
  return headers;
}

/** How the account forms are checked: one message over the highlighted fields. */
const CHECK_FIELDS: ParseOptions = { message: "Check the highlighted fields." };

/**
 * `intent` picks the change; 400 for bad input or a wrong password, 403 for anything but enrolling
 * while two-factor must be set up, 409 for a change the account's state does not allow, 429 when
 * better-auth's limits are reached. Calendar feed intents as before.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const session = await requireAdmin(request);
  const formData = await readFormData(request);
  const form = Object.fromEntries(formData);
  const parsed = IntentSchema.safeParse(form);
  if (!parsed.success) return refuse<Reply>(400, { intent: null, message: "Unknown action. Refresh the page and try again." });
  const { intent } = parsed.data;
  if (session.mustEnrolTwoFactor && !(ENROLMENT_INTENTS as readonly string[]).includes(intent)) {
    return refuse<Reply>(403, { intent: null, message: "Set up two-factor authentication first." });
  }
  if (intent === "turn-on" || intent === "regenerate" || intent === "turn-off") return calendarFeedAction(session, intent);
  // The posted form itself: a checkbox group posts one field several times.
  if (intent === "engineer-save") return engineerAction(session, formData);
  // The member's own calendar only: a posted userId is ignored here.
  if (isCalendarConnectionIntent(intent)) return calendarConnectionAction(auditActor(session), session.user.id, intent, form, { onConnected: queueUpcomingCalendarWrites });
  return accountAction(session, intent, form, request, context.clientIp);
}

async function accountAction(session: AdminSession, intent: AccountIntent, form: Record<string, FormDataEntryValue>, request: Request, clientIp: string | undefined) {
  const from = requestOrigin(request, clientIp);
  const ok = (body: Omit<Extract<AccountResult, { ok: true }>, "ok" | "intent">, setCookie: string[] = []) =>
    accept<AccountResult>({ intent, ...body }, { headers: cookieHeaders(setCookie) });
  const no = (status: number, body: Omit<Extract<AccountResult, { ok: false }>, "ok" | "intent">) => refuse<AccountResult>(status, { intent, ...body });
  /** A refusal of one field, from a check outside the schema (a wrong password). */
  const noField = (status: number, field: string, message: string, extra: Omit<Extract<AccountResult, { ok: false }>, "ok" | "intent" | "message"> = {}) =>
    refuseInvalid<AccountResult>(refusedFields({ [field]: [message] }), { intent, ...extra }, { status });
  switch (intent) {
    case "change-name": {
      const input = parseSubmission(ChangeNameSchema, form, CHECK_FIELDS);
      if (!input.ok) return refuseInvalid<AccountResult>(input, { intent });
      await changeOwnName(session, input.values.name);
      return ok({ message: "Name saved" });
    }
    case "change-email": {
      const input = parseSubmission(ChangeEmailSchema, form, CHECK_FIELDS);
      if (!input.ok) return refuseInvalid<AccountResult>(input, { intent });
      const result = await requestEmailChange(session, input.values.newEmail, from);
      if (!result.ok) return result.field ? noField(result.status, result.field, result.message) : no(result.status, { message: result.message });
      return ok({
        message: `We have sent a link to ${input.values.newEmail}. Open it while signed in to confirm the change; until then you keep signing in with ${session.admin.email}.`,
      });
    }
    case "change-password": {
      const input = parseSubmission(ChangePasswordSchema, form, CHECK_FIELDS);
      if (!input.ok) return refuseInvalid<AccountResult>(input, { intent });
      const result = await changeOwnPassword(session, input.values, from);
      if (!result.ok) return result.field ? noField(result.status, result.field, result.message) : no(result.status, { message: result.message });
      return answerWithNewSession(intent, result.setCookie);
    }
    case "totp-start": {
      const input = parseSubmission(CurrentPasswordSchema, form, CHECK_FIELDS);
      if (!input.ok) return refuseInvalid<AccountResult>(input, { intent });
      const result = await startTotpEnrolment(session, input.values.password, request);
      if (!result.ok) return noField(result.status, "password", result.message);
      return ok({ message: "Scan the QR code, then enter the code your app shows.", enrolment: result.enrolment });
    }
    case "totp-confirm": {
      const code = parseSubmission(TotpConfirmSchema, form, { echo: [] });
      const totpUri = typeof form.totpUri === "string" && form.totpUri.startsWith("otpauth://totp/") && form.totpUri.length < 500 ? form.totpUri : null;
      const enrolment = totpUri ? await describeTotpUri(totpUri) : undefined;
      if (!code.ok) return refuseInvalid<AccountResult>(code, { intent, enrolment });
      const result = await confirmTotpEnrolment(session, code.values.code, from);
      if (!result.ok) return noField(result.status, "code", result.message, { enrolment });
      // The old session is gone: without JavaScript the page's loaders would run with the old
      // cookie, so the browser comes back with the new one and the codes are shown then, once.
      if (result.waiting) return redirect("/admin/account", { status: 303, headers: cookieHeaders(result.setCookie) });
      return ok({ message: "Two-factor is on", recoveryCodes: result.recoveryCodes }, result.setCookie);
    }
    case "recovery-regenerate": {
      const input = parseSubmission(CurrentPasswordSchema, form, CHECK_FIELDS);
      if (!input.ok) return refuseInvalid<AccountResult>(input, { intent });
      const result = await regenerateRecoveryCodes(session, input.values.password, request);
      if (!result.ok) return noField(result.status, "password", result.message);
      return ok({ message: "New recovery codes made; the old ones no longer work", recoveryCodes: result.recoveryCodes });
    }
    case "totp-disable": {
      const input = parseSubmission(CurrentPasswordSchema, form, CHECK_FIELDS);
      if (!input.ok) return refuseInvalid<AccountResult>(input, { intent });
      const result = await turnOffTwoFactor(session, input.values.password, request);
      if (!result.ok) return noField(result.status, "password", result.message);
      return answerWithNewSession(intent, result.setCookie);
    }
    case "passkey-remove": {
      const id = z.string().min(1).max(100).safeParse(form.passkeyId);
      const removed = id.success && (await removeOwnPasskey(session, id.data));
      return removed
        ? ok({ message: "Passkey removed" })
        : no(409, { message: "This passkey was already removed." });
    }
    case "session-end": {
      const id = z.string().min(1).max(100).safeParse(form.sessionId);
      const ended = id.success && (await endOwnSession(session, id.data));
      return ended
        ? ok({ message: "Signed out of that session" })
        : no(409, { message: "That session has already ended (or is this browser: use Sign out)." });
    }
    case "sessions-end-others": {
      const count = await endOtherSessions(session);
      return ok({ message: count === 1 ? "Signed out of 1 other session" : `Signed out of ${count} other sessions` });
    }
  }
}

/** The signed-in member's own consultations (`EngineerCard`); 403 for a role that does not take them. */
async function engineerAction(session: AdminSession, form: FormData) {
  if (!roleAllows(session.admin.role, MANAGER_ROLES)) {
    return refuse<EngineerProfileReply>(403, { intent: "engineer-save", message: "Your role does not take consultations." });
  }
  const input = parseSubmission(EngineerProfileSchema, form, { ...CHECK_FIELDS, lists: ["typeIds"] });
  if (!input.ok) return refuseInvalid<EngineerProfileReply>(input, { intent: "engineer-save" });
  await saveEngineerProfile(auditActor(session), session.admin.id, input.values);
  return accept<EngineerProfileReply>({ intent: "engineer-save", message: "Consultations saved" });
}

async function calendarFeedAction(session: AdminSession, intent: (typeof CALENDAR_FEED_INTENTS)[number]) {
  const actor = auditActor(session);
  if (intent === "turn-off") {
    const done = await turnOffCalendarFeed(actor, session.admin);
    return done
      ? accept<CalendarFeedResult>({ intent, message: "Calendar feed turned off" })
      : refuse<CalendarFeedResult>(409, { intent, message: "Your calendar feed is already off." });
  }
  const issued = await issueCalendarFeed(actor, session.admin, { replace: intent === "regenerate" });
  if (!issued.ok) {
    const message =
      issued.reason === "already_on"
        ? "Your calendar feed is already on. Regenerate the address if you need a new one."
        : "Your calendar feed is off. Turn it on to get an address.";
    return refuse<CalendarFeedResult>(409, { intent, message });
  }
  return accept<CalendarFeedResult>({
    intent,
    message: intent === "regenerate" ? "New feed address made; the old one no longer works" : "Calendar feed turned on",
    url: issued.url,
  });
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { twoFactorTurnedOn: turnedOn, sessionReplaced, feed, personal, calendar, engineer, ...screen } = loaderData;
  const result = actionData ?? turnedOn ?? sessionReplaced ?? undefined;
  // A post answers one of the account's sections, the calendar card, the engineer card or the calendar feed's card.
  const forAccount = Boolean(result?.intent && (ACCOUNT_INTENTS as readonly string[]).includes(result.intent));
  const forCalendar = isCalendarConnectionIntent(result?.intent);
  const forEngineer = result?.intent === "engineer-save";
  return (
    <AccountScreen
      {...screen}
      result={forAccount ? (result as AccountResult) : null}
      calendar={<CalendarConnectionCard userId={calendar.userId} state={calendar.state} own result={forCalendar ? (result as CalendarConnectionResult) : null} />}
      consultations={engineer ? <EngineerCard self profile={engineer.profile} types={engineer.types} result={forEngineer ? (result as EngineerProfileReply) : null} /> : null}
      calendarFeed={
        <CalendarFeedCard state={feed} personal={personal} result={forAccount || forCalendar || forEngineer ? undefined : (result as CalendarFeedResult | undefined)} />
      }
    />
  );
}
