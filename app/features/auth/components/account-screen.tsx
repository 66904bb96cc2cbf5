/**
 * Your account (/admin/account): the signed-in member of staff's details, password, two-factor,
 * passkeys and sessions (issue 17), and their private calendar feed (issue 12). Every staff role
 * reaches it from the sidebar. While two-factor must be set up, only the two-factor section shows.
 */
import { AdminPageHeader } from "~/components/admin-page-header";
import type { CalendarFeedState } from "~/features/consultations/calendar-feed.server";
import { CalendarFeedCard, type CalendarFeedResult } from "~/features/consultations/components/calendar-feed-card";
import type { AdminRole } from "../roles";
import type { ActiveSession, PasskeySummary } from "../sessions.server";
import type { TwoFactorState } from "../two-factor.server";
import { PasskeysCard } from "./account/passkeys-card";
import { PasswordCard } from "./account/password-card";
import { ProfileCard } from "./account/profile-card";
import { SessionsCard } from "./account/sessions-card";
import { TwoFactorCard } from "./account/two-factor-card";
import { ACCOUNT_INTENTS, type AccountResult } from "./account/types";

/** The page: a header and one card per section. */
export function AccountScreen({
  admin,
  mustEnrolTwoFactor,
  emailChanged,
  passwordRule,
  twoFactor,
  passkeys,
  sessions,
  feed,
  personal,
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
  feed: CalendarFeedState;
  /** Whether the feed shows visitors' details (roles that may open consultations). */
  personal: boolean;
  /** The answer of the last post. */
  result?: CalendarFeedResult | AccountResult;
}) {
  const accountResult = result && result.intent && (ACCOUNT_INTENTS as readonly string[]).includes(result.intent) ? (result as AccountResult) : null;
  const feedResult = result && !accountResult ? (result as CalendarFeedResult) : undefined;
  return (
    <>
      <AdminPageHeader title="Your account" description="Your details, sign-in security, and your private calendar feed of consultations." />
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
            <CalendarFeedCard state={feed} personal={personal} result={feedResult} />
          </>
        )}
      </div>
    </>
  );
}
