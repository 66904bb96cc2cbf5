/**
 * The Users screen (`docs/design.md` section 6): the staff list with role
 * changes, set-password links, deactivation and reactivation, resetting a member's two-factor,
 * a form to add a member of staff, "Require two-factor for all staff", and the recent
 * staff activity. Every form posts to the route action and works without JS: a deactivation or a
 * two-factor reset posted unconfirmed (before the page has hydrated, or without JavaScript) comes
 * back as the confirmation step at the top of the page; once hydrated, the same question is a dialog.
 */
import { CalendarClock, CalendarDays, Clock, MailPlus, ShieldCheck, UserPlus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher } from "react-router";
import { toast } from "~/components/ui/toast";
import { Field } from "~/components/field";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { IconCardHeader } from "~/components/icon-card-header";
import { Input, NativeSelect } from "~/components/ui/input";
import { AdminPageHeader, ReplyStatus } from "~/components/admin-page-header";
import type { AuditListEntry } from "~/features/audit/audit-list.server";
import { RecentActivity } from "~/features/audit/components/recent-activity";
import type { StaffMember } from "~/features/auth/users.server";
import { ADMIN_ROLES } from "~/utils/domain";
import { roleLabel } from "../roles";
import { ROLE_DESCRIPTIONS } from "../schema";
import { useHydrated } from "~/utils/use-hydrated";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { TwoFactorPolicyCard } from "./two-factor-policy-card";
import { formatUkDate } from "~/utils/format";
import { type ActionReply, replyFieldErrors } from "~/utils/forms";

/** The two changes asked about before they are made: what the route action posts as `intent`. */
export type ConfirmedIntent = "deactivate" | "reset-two-factor";

/**
 * What the Users action answers; `errors` are field errors of the add form. A deactivation or a
 * two-factor reset posted without `confirmed=yes` is refused with `confirm`: the member to ask about.
 */
export type UsersActionResult = ActionReply<
  { intent: string; message: string },
  { intent: string; confirm?: { intent: ConfirmedIntent; adminId: string } }
>;

/**
 * The question asked before each change of {@link ConfirmedIntent}: the same words in the dialog
 * (hydrated) and on the server's confirmation step (before hydration or without JavaScript).
 */
const CONFIRMATIONS: Record<ConfirmedIntent, { title: (name: string) => string; description: string; action: string }> = {
  deactivate: {
    title: (name) => `Deactivate ${name}?`,
    description:
      "They will be signed out everywhere at once and cannot sign in again until a super admin reactivates the account. Their past activity stays in the log.",
    action: "Deactivate",
  },
  "reset-two-factor": {
    title: (name) => `Reset ${name}'s two-factor?`,
    description:
      "Their authenticator app, recovery codes and trusted browsers stop working at once; they sign in with their password and set up two-factor again. They will be told by e-mail. Do this only when you are sure it is them asking (for example, a lost phone).",
    action: "Reset two-factor",
  },
};

/** Whether the row of `member` offers `intent` to the signed-in super admin (the same rules as the row's buttons). */
function offers(intent: ConfirmedIntent, member: StaffMember, isSelf: boolean, onlySuperAdmin: boolean): boolean {
  if (intent === "deactivate") return member.isActive && !isSelf && !onlySuperAdmin;
  return member.twoFactorEnabled && !isSelf;
}

/**
 * What the page says instead of a confirmation step when the member's row no longer offers the
 * change asked about (someone else deactivated them, reset their two-factor or removed them first).
 */
function changedMeanwhile(member: StaffMember | undefined): string {
  return member
    ? `Nothing was changed: ${member.name}'s account changed before you confirmed. Their row shows it as it is now.`
    : "Nothing was changed: that member of staff is no longer listed.";
}

/** The hidden fields of a post of `intent` about `member`; `confirmed` adds `confirmed=yes`. */
function IntentFields({ intent, member, confirmed = false }: { intent: string; member: StaffMember; confirmed?: boolean }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="adminId" value={member.id} />
      {confirmed ? <input type="hidden" name="confirmed" value="yes" /> : null}
    </>
  );
}

/** Shows the action's answer as a toast, once per answer. */
function useResultToast(result: UsersActionResult | undefined, state: string) {
  const last = useRef<UsersActionResult | undefined>(undefined);
  useEffect(() => {
    if (state !== "idle" || !result || last.current === result) return;
    last.current = result;
    if (result.ok) toast.success(result.message, { id: `users-${result.intent}` });
    else toast.error("Could not save", { id: `users-${result.intent}-error`, description: result.message });
  }, [result, state]);
}

function StatusBadge({ member }: { member: StaffMember }) {
  if (!member.isActive) return <Badge variant="grey">Deactivated</Badge>;
  if (!member.passwordSet) return <Badge variant="yellow">Invitation sent</Badge>;
  return <Badge variant="green">Active</Badge>;
}

/**
 * A row's Deactivate or Reset two-factor: a form posting `intent` unconfirmed, which the server
 * answers with its confirmation step, so a press before the page has hydrated (or without
 * JavaScript) asks first; once hydrated, the press runs `onAsk` (the dialog) instead. The same
 * button from the first paint, so nothing in the row moves when React takes over.
 */
function AskFirst({
  intent,
  member,
  busy,
  onAsk,
  className,
  children,
}: {
  intent: ConfirmedIntent;
  member: StaffMember;
  busy: boolean;
  onAsk: () => void;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Form method="post">
      <IntentFields intent={intent} member={member} />
      <Button
        type="submit"
        variant="ghost"
        size="sm"
        className={className}
        disabled={busy}
        onClick={(event) => {
          event.preventDefault();
          onAsk();
        }}
      >
        {children}
      </Button>
    </Form>
  );
}

/**
 * The confirmation step the server draws at the top of the page when a deactivation or a
 * two-factor reset of `member` was posted unconfirmed: the dialog's question, Cancel (back to the
 * list) and the confirming form. Posted as a page form, so once hydrated its answer replaces this step.
 */
function ConfirmStep({ intent, member }: { intent: ConfirmedIntent; member: StaffMember }) {
  const ask = CONFIRMATIONS[intent];
  const titleId = `confirm-${intent}-${member.id}`;
  return (
    <section aria-labelledby={titleId} className="mb-6 rounded-xl border border-red-200 bg-card p-4 shadow-sm sm:p-6">
      <h2 id={titleId} className="text-lg font-semibold">
        {ask.title(member.name)}
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">{ask.description}</p>
      <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button asChild variant="outline">
          <Link to="/admin/users">Cancel</Link>
        </Button>
        <Form method="post">
          <IntentFields intent={intent} member={member} confirmed />
          <Button type="submit" variant="destructive" className="w-full">
            {ask.action}
          </Button>
        </Form>
      </div>
    </section>
  );
}

function StaffRow({ member, isSelf, onlySuperAdmin }: { member: StaffMember; isSelf: boolean; onlySuperAdmin: boolean }) {
  const fetcher = useFetcher<UsersActionResult>();
  const hydrated = useHydrated();
  const [role, setRole] = useState(member.role);
  const [confirming, setConfirming] = useState(false);
  const [confirmingReset, setConfirmingReset] = useState(false);
  useResultToast(fetcher.data, fetcher.state);
  useEffect(() => setRole(member.role), [member.role]);
  const busy = fetcher.state !== "idle";
  const locked = isSelf || onlySuperAdmin || !member.isActive;
  const lockReason = isSelf ? "This is you." : onlySuperAdmin ? "The only super admin." : null;
  const initial = (member.name.trim()[0] ?? "?").toUpperCase();

  return (
    <li className="space-y-3 p-4 sm:p-5">
      <div className="flex flex-wrap items-end gap-4">
        <div className="flex min-w-56 flex-1 items-center gap-3">
          <span
            aria-hidden
            className={
              member.isActive
                ? "flex size-10 shrink-0 items-center justify-center rounded-full bg-accent font-semibold text-primary"
                : "flex size-10 shrink-0 items-center justify-center rounded-full bg-muted font-semibold text-muted-foreground"
            }
          >
            {initial}
          </span>
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2 font-medium">
              <span className="truncate">{member.name}</span>
              {isSelf ? <Badge variant="soft">You</Badge> : null}
              <StatusBadge member={member} />
              {member.twoFactorEnabled ? <Badge variant="soft">Two-factor on</Badge> : null}
            </p>
            <p className="truncate text-sm text-muted-foreground">{member.email}</p>
            <p className="text-xs text-muted-foreground">Added {formatUkDate(member.createdAt)}</p>
          </div>
        </div>

        <fetcher.Form method="post" className="flex w-full items-end gap-2 sm:w-64">
          <input type="hidden" name="intent" value="role" />
          <input type="hidden" name="adminId" value={member.id} />
          <div className="min-w-0 flex-1">
            <label htmlFor={`role-${member.id}`} className="mb-1 block text-xs font-medium text-muted-foreground">
              Role<span className="sr-only"> of {member.name}</span>
            </label>
            <NativeSelect
              id={`role-${member.id}`}
              name="role"
              value={role}
              disabled={locked}
              onChange={(e) => setRole(e.target.value as StaffMember["role"])}
              className="capitalize"
            >
              {ADMIN_ROLES.map((r) => (
                <option key={r} value={r}>
                  {roleLabel(r)}
                </option>
              ))}
            </NativeSelect>
          </div>
          {locked ? null : (
            <Button type="submit" variant="outline" disabled={hydrated && (role === member.role || busy)}>
              Save
            </Button>
          )}
        </fetcher.Form>
      </div>

      <div className="flex flex-wrap items-center justify-end gap-2">
        {lockReason ? <span className="text-xs text-muted-foreground">{lockReason}</span> : null}
        {member.isActive ? (
          <Button asChild variant="ghost" size="sm">
            <Link to={isSelf ? "/admin/account" : `/admin/users/${member.id}/calendar`}>
              <CalendarClock aria-hidden /> Calendar<span className="sr-only"> of {member.name}</span>
            </Link>
          </Button>
        ) : null}
        {member.isActive && member.role !== "editor" ? (
          <Button asChild variant="ghost" size="sm">
            <Link to={`/admin/users/${member.id}/consultations`}>
              <CalendarDays aria-hidden /> Consultations<span className="sr-only"> of {member.name}</span>
            </Link>
          </Button>
        ) : null}
        {member.isActive && !isSelf ? (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="resend" />
            <input type="hidden" name="adminId" value={member.id} />
            <Button type="submit" variant="ghost" size="sm" disabled={busy}>
              <MailPlus aria-hidden /> {member.passwordSet ? "Send reset link" : "Resend invitation"}
            </Button>
          </fetcher.Form>
        ) : null}
        {offers("reset-two-factor", member, isSelf, onlySuperAdmin) ? (
          <AskFirst intent="reset-two-factor" member={member} busy={busy} onAsk={() => setConfirmingReset(true)}>
            Reset two-factor<span className="sr-only"> of {member.name}</span>
          </AskFirst>
        ) : null}
        {offers("deactivate", member, isSelf, onlySuperAdmin) ? (
          <AskFirst
            intent="deactivate"
            member={member}
            busy={busy}
            onAsk={() => setConfirming(true)}
            className="text-destructive hover:bg-red-50 hover:text-destructive"
          >
            Deactivate<span className="sr-only"> {member.name}</span>
          </AskFirst>
        ) : null}
        {!member.isActive ? (
          <fetcher.Form method="post">
            <input type="hidden" name="intent" value="reactivate" />
            <input type="hidden" name="adminId" value={member.id} />
            <Button type="submit" variant="outline" size="sm" disabled={busy}>
              Reactivate
            </Button>
          </fetcher.Form>
        ) : null}
      </div>

      <ConfirmDialog
        open={confirmingReset}
        onOpenChange={setConfirmingReset}
        title={CONFIRMATIONS["reset-two-factor"].title(member.name)}
        description={CONFIRMATIONS["reset-two-factor"].description}
        confirm={
          <fetcher.Form method="post" onSubmit={() => setConfirmingReset(false)}>
            <IntentFields intent="reset-two-factor" member={member} confirmed />
            <Button type="submit" variant="destructive" className="w-full">
              {CONFIRMATIONS["reset-two-factor"].action}
            </Button>
          </fetcher.Form>
        }
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={CONFIRMATIONS.deactivate.title(member.name)}
        description={CONFIRMATIONS.deactivate.description}
        confirm={
          <fetcher.Form method="post" onSubmit={() => setConfirming(false)}>
            <IntentFields intent="deactivate" member={member} confirmed />
            <Button type="submit" variant="destructive" className="w-full">
              {CONFIRMATIONS.deactivate.action}
            </Button>
          </fetcher.Form>
        }
      />
    </li>
  );
}

function InviteForm() {
  const fetcher = useFetcher<UsersActionResult>();
  const formRef = useRef<HTMLFormElement>(null);
  useResultToast(fetcher.data, fetcher.state);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) formRef.current?.reset();
  }, [fetcher.state, fetcher.data]);
  const errors = replyFieldErrors(fetcher.data);
  return (
    <Card>
      <IconCardHeader icon={UserPlus} title="Add User" description="They receive an e-mail with a link to choose their password." />
      <CardContent>
        <fetcher.Form method="post" ref={formRef} className="space-y-4" noValidate>
          <input type="hidden" name="intent" value="invite" />
          <Field label="Name" errors={errors?.name} required>
            {(p) => <Input {...p} name="name" autoComplete="off" required />}
          </Field>
          <Field label="E-mail" errors={errors?.email} required>
            {(p) => <Input {...p} name="email" type="email" autoComplete="off" required />}
          </Field>
          <Field label="Role" errors={errors?.role} required>
            {(p) => (
              <NativeSelect {...p} name="role" defaultValue="editor" className="capitalize">
                {ADMIN_ROLES.map((r) => (
                  <option key={r} value={r}>
                    {roleLabel(r)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <dl className="space-y-1.5 rounded-lg bg-muted p-3 text-xs">
            {ADMIN_ROLES.map((r) => (
              <div key={r} className="flex gap-2">
                <dt className="w-20 shrink-0 font-semibold capitalize">{roleLabel(r)}</dt>
                <dd className="text-muted-foreground">{ROLE_DESCRIPTIONS[r]}</dd>
              </div>
            ))}
          </dl>
          <Button type="submit" className="w-full" disabled={fetcher.state !== "idle"}>
            <MailPlus aria-hidden /> {fetcher.state !== "idle" ? "Sending..." : "Send invitation"}
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}

/**
 * The Users page. `reply` is the answer to the last post made as a page form (before hydration,
 * without JavaScript, or from the confirmation step): an unconfirmed deactivation or two-factor
 * reset shows the confirmation step (when the member's row still offers it; else why nothing was
 * changed), anything else its outcome line. The rows' own posts answer through their fetchers (toasts).
 */
export function UsersScreen({
  staff,
  activity,
  currentAdminId,
  requireTwoFactor,
  reply,
}: {
  staff: StaffMember[];
  activity: AuditListEntry[];
  currentAdminId: string;
  requireTwoFactor: boolean;
  reply: UsersActionResult | undefined;
}) {
  const activeSuperAdmins = staff.filter((s) => s.isActive && s.role === "super_admin");
  const isOnlySuperAdmin = (member: StaffMember) => member.role === "super_admin" && member.isActive && activeSuperAdmins.length <= 1;
  const ask = reply && !reply.ok ? reply.confirm : undefined;
  const asked = ask ? staff.find((member) => member.id === ask.adminId) : undefined;
  return (
    <>
      <AdminPageHeader title="Users" description="Who can sign in to the admin portal, and what each person may do." />
      {ask ? (
        asked && offers(ask.intent, asked, asked.id === currentAdminId, isOnlySuperAdmin(asked)) ? (
          <ConfirmStep intent={ask.intent} member={asked} />
        ) : (
          <ReplyStatus reply={{ ok: false, message: changedMeanwhile(asked) }} />
        )
      ) : (
        <ReplyStatus reply={reply} />
      )}
      <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_360px]">
        <Card className="self-start overflow-hidden">
          <CardHeader className="flex-row items-center justify-between gap-3 border-b pb-4">
            <div>
              <CardTitle className="flex items-center gap-2">
                <ShieldCheck className="size-5 text-primary" aria-hidden /> Staff
              </CardTitle>
              <CardDescription>
                {staff.filter((s) => s.isActive).length} active of {staff.length}
              </CardDescription>
            </div>
          </CardHeader>
          <ul className="divide-y" aria-label="Staff">
            {staff.map((member) => (
              <StaffRow
                key={member.id}
                member={member}
                isSelf={member.id === currentAdminId}
                onlySuperAdmin={isOnlySuperAdmin(member)}
              />
            ))}
          </ul>
        </Card>
        <div className="space-y-6">
          <InviteForm />
          <TwoFactorPolicyCard required={requireTwoFactor} staff={staff} />
          <RecentActivity
            entries={activity}
            emptyText="No staff changes yet."
            icon={<Clock className="size-5 text-primary" aria-hidden />}
          />
        </div>
      </div>
    </>
  );
}
