/**
 * Form rules of the staff screens (Users, set password), shared by the browser and the server.
 */
import { z } from "zod";
import { ADMIN_ROLES } from "~/db/schema";

/** Must match MIN_PASSWORD_LENGTH in auth.server.ts. */
const MIN_PASSWORD = 12;

/** Add a member of staff: they receive a set-password link by e-mail. */
export const InviteStaffSchema = z.object({
  name: z.string({ error: "Enter a name." }).trim().min(1, "Enter a name.").max(120, "Use at most 120 characters."),
  email: z
    .string({ error: "Enter an e-mail address." })
    .trim()
    .toLowerCase()
    .pipe(z.email("Enter a valid e-mail address.").max(254)),
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
    password: z
      .string({ error: "Enter a password." })
      .min(MIN_PASSWORD, `Use at least ${MIN_PASSWORD} characters.`)
      .max(128, "Use at most 128 characters."),
    confirmPassword: z.string({ error: "Repeat the password." }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "The passwords do not match.",
  });

/** Role descriptions shown where a role is chosen. */
export const ROLE_DESCRIPTIONS: Record<(typeof ADMIN_ROLES)[number], string> = {
  super_admin: "Everything, including users and settings",
  admin: "Enquiries, consultations, availability and content",
  editor: "Dashboard and website content (projects and blog)",
};
