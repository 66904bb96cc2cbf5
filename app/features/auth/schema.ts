/**
 * Form rules of the staff screens (Users, set password, forgot password, Your account, two-factor
 * sign-in), shared by the browser and the server.
 */
import { z } from "zod";
import { ADMIN_ROLES } from "~/utils/domain";
import { emailAddress, personName } from "~/utils/fields";
import { normaliseRecoveryCode } from "./recovery-codes";

/** Minimum length of a staff password (the same rule as ADMIN_PASSWORD). */
export const MIN_PASSWORD_LENGTH = 12;
/** Maximum length of a staff password (better-auth's limit). */
export const MAX_PASSWORD_LENGTH = 128;
/** The password rule as shown next to every new-password field. */
export const PASSWORD_RULE = `At least ${MIN_PASSWORD_LENGTH} characters. Common or easily guessed passwords are refused; a short sentence of unrelated words works well.`;

const MIN_PASSWORD = MIN_PASSWORD_LENGTH;

/** A sign-in address: lowercased; an empty one is "not valid" (the field is marked required). */
const emailField = emailAddress({ lowercase: true, empty: "Enter a valid e-mail address." });

const newPasswordField = z
  .string({ error: "Enter a password." })
  .min(MIN_PASSWORD, `Use at least ${MIN_PASSWORD} characters.`)
  .max(MAX_PASSWORD_LENGTH, `Use at most ${MAX_PASSWORD_LENGTH} characters.`);

/** Add a member of staff: they receive a set-password link by e-mail. */
export const InviteStaffSchema = z.object({
  name: personName(),
  email: emailField,
  role: z.enum(ADMIN_ROLES, { error: "Choose a role." }),
});
export type InviteStaffInput = z.infer<typeof InviteStaffSchema>;

export const ChangeRoleSchema = z.object({
  adminId: z.uuid(),
  role: z.enum(ADMIN_ROLES, { error: "Choose a role." }),
});

export const AdminIdSchema = z.object({ adminId: z.uuid() });

/** The set-password screen: the token from the link and the new password twice. */
export const SetPasswordSchema = z
  .object({
    token: z.string().min(1, "This link is incomplete. Open the link from your e-mail again."),
    password: newPasswordField,
    confirmPassword: z.string({ error: "Repeat the password." }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "The passwords do not match.",
  });

/** "Forgot password?": the address to send a reset link to. */
export const ForgotPasswordSchema = z.object({ email: emailField });

/** Your account: a new display name. */
export const ChangeNameSchema = z.object({
  name: personName({ required: "Enter your name." }),
});

/** Your account: a new sign-in address (confirmed by a link sent to it). */
export const ChangeEmailSchema = z.object({ newEmail: emailField });

/** Your account: the current password, and the new one twice. */
export const ChangePasswordSchema = z
  .object({
    currentPassword: z.string({ error: "Enter your current password." }).min(1, "Enter your current password.").max(MAX_PASSWORD_LENGTH),
    newPassword: newPasswordField,
    confirmPassword: z.string({ error: "Repeat the new password." }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ["confirmPassword"], message: "The passwords do not match." });

/** A password confirming a sensitive change (turning two-factor on or off, new recovery codes). */
export const CurrentPasswordSchema = z.object({
  password: z.string({ error: "Enter your password." }).min(1, "Enter your password.").max(MAX_PASSWORD_LENGTH),
});

/** A six-digit authenticator code (spaces are ignored). */
export const TotpCodeSchema = z
  .string({ error: "Enter the 6-digit code." })
  .transform((v) => v.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app."));

/** Your account: the first code of a new authenticator, confirming two-factor. */
export const TotpConfirmSchema = z.object({ code: TotpCodeSchema });

/**
 * A recovery code as typed: any case, spaces and dashes anywhere (`normaliseRecoveryCode`), ten
 * characters once read; the result is the code's canonical `XXXXX-XXXXX` form.
 */
export const RecoveryCodeSchema = z
  .string({ error: "Enter a recovery code." })
  .transform(normaliseRecoveryCode)
  .pipe(z.string().regex(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/, "Enter a recovery code like 7KQ2M-X9D4T."));

/** The second sign-in step: a code (`method` totp) or a recovery code, and whether to trust this browser. */
export const TwoFactorSignInSchema = z.discriminatedUnion("method", [
  z.object({ method: z.literal("totp"), code: TotpCodeSchema, trustDevice: z.literal("on").optional() }),
  z.object({ method: z.literal("recovery"), code: RecoveryCodeSchema, trustDevice: z.literal("on").optional() }),
]);

/** A passkey's name as the person types it. */
export const PasskeyNameSchema = z.string().trim().min(1, "Name the passkey, e.g. \"Work laptop\".").max(60, "Use at most 60 characters.");

/** Role descriptions shown where a role is chosen. */
export const ROLE_DESCRIPTIONS: Record<(typeof ADMIN_ROLES)[number], string> = {
  super_admin: "Everything, including users and settings",
  admin: "Enquiries, consultations, availability and content",
  editor: "Dashboard and website content (projects and blog)",
};
