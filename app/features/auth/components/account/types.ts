/**
 * What Your account's action answers for its own intents, shared by the route and the
 * cards. The calendar feed's intents answer a `CalendarFeedResult` instead.
 */
import type { ActionReply } from "~/utils/forms";

/** The intents of Your account's security sections. */
export const ACCOUNT_INTENTS = [
  "change-name",
  "change-email",
  "change-password",
  "totp-start",
  "totp-confirm",
  "recovery-regenerate",
  "totp-disable",
  "passkey-remove",
  "session-end",
  "sessions-end-others",
] as const;

export type AccountIntent = (typeof ACCOUNT_INTENTS)[number];

/** The intents open to a member who must set up two-factor before anything else. */
export const ENROLMENT_INTENTS: readonly AccountIntent[] = ["totp-start", "totp-confirm"];

/** What an answer of one of these intents carries besides the reply itself. */
type AccountData = {
  intent: AccountIntent;
  /** After "totp-start" (or a wrong first code): the QR code and secret to show again. */
  enrolment?: { totpUri: string; secret: string; qrSvg: string };
  /** After confirming two-factor or making new codes: the recovery codes, shown this once. */
  recoveryCodes?: string[];
};

/**
 * An answer: the one reply shape (`message` for the person, `fieldErrors` by field on refusal),
 * naming its intent, and what to show again or once.
 */
export type AccountResult = ActionReply<AccountData & { message: string }, AccountData>;
