/**
 * Your account (/admin/account): the signed-in member of staff's details, password, two-factor,
 * passkeys and sessions, their own calendar (read for busy times) and their private calendar feed. Every staff role
 * reaches it from the sidebar. While two-factor must be set up, only the two-factor section shows.
 */
import { AdminPageHeader } from "~/components/admin-page-header";
import type { ReactNode } from "react";
import type { AdminRole } from "../roles";
import type { ActiveSession, PasskeySummary } from "../sessions.server";
import type { TwoFactorState } from "../two-factor.server";
import { PasskeysCard } from "./account/passkeys-card";
import { PasswordCard } from "./account/password-card";
import { ProfileCard } from "./account/profile-card";
import { SessionsCard } from "./account/sessions-card";
import { TwoFactorCard } from "./account/two-factor-card";
import type { AccountResult } from "./account/types";

/**
 * The page: a header and one card per section. The calendar card (calendars) and the calendar
 * feed's card (consultations) belong to other areas: the route passes them in as `calendar` and
 * `calendarFeed`.
 */
export function AccountScreen({
  admin,
  mustEnrolTwoFactor,
  emailChanged,
  passwordRule,
  twoFactor,
  passkeys,
  sessions,
  calendar,
  calendarFeed,
  consultations,
  result,
}: {
  admin: { name: string; email: string; role: AdminRole };
  mustEnrolTwoFactor: boolean;
  /** Just back from confirming a new e-mail address. */
  emailChanged: boolean;
  passwordRule: string;
  twoFactor: TwoFactorState;
  passkeys: PasskeySummary[];
  sessions: ActiveSession[];
  /** The member's own calendar card (read for busy times), shown before the feed. */
  calendar: ReactNode;
  /** The private calendar feed's card, shown last. */
  calendarFeed: ReactNode;
  /** The consultations this member takes (hours, days off, types), before the feed; null for roles that take none. */
  consultations?: ReactNode;
  /** The answer of the last post to one of the account's own sections, else null. */
  result: AccountResult | null;
}) {
  const accountResult = result;
  return (
    <>
      <AdminPageHeader title="Your account" description="Your details, sign-in security, your calendar, and your private calendar feed of consultations." />
      <div className="grid max-w-3xl gap-6">
        {mustEnrolTwoFactor ? (
          <TwoFactorCard state={twoFactor} mustEnrol result={accountResult} />
        ) : (
          <>
            <ProfileCard admin={admin} emailChanged={emailChanged} result={accountResult} />
            <PasswordCard passwordRule={passwordRule} result={accountResult} />
            <TwoFactorCard state={twoFactor} mustEnrol={false} result={accountResult} />
            <PasskeysCard passkeys={passkeys} result={accountResult} />
            <SessionsCard sessions={sessions} result={accountResult} />
            {calendar}
            {consultations}
            {calendarFeed}
          </>
        )}
      </div>
    </>
  );
}
