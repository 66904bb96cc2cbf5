/**
 * Admin > Settings > Mailbox: the address visitors' replies go to, whether the mail server
 * supports plus addresses, and the IMAP account the portal reads replies from. The password is
 * never shown; leaving it blank keeps the stored one. A mailbox that cannot be read is shown in
 * red with the reason; saving checks the mailbox first. Works without JavaScript.
 */
import { Inbox, Save } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { AdminPageHeader, ReplyStatus } from "~/components/admin-page-header";
import { Field } from "~/components/field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { formatUkDate, formatUkTime12 } from "~/utils/format";
import { fieldError, submittedValue, type ActionReply } from "~/utils/forms";
import type { MailboxSettingsView } from "../mailbox.server";
import { FailingMailboxNotice } from "./failing-mailbox-notice";

/** What the Mailbox form's action answers. */
export type MailboxReply = ActionReply;

function Check({ name, label, hint, defaultChecked }: { name: string; label: string; hint: string; defaultChecked: boolean }) {
  return (
    <div className="flex items-start gap-3 sm:col-span-2">
      <input id={`mailbox-${name}`} type="checkbox" name={name} defaultChecked={defaultChecked} className="mt-1 size-4 accent-primary" aria-describedby={`mailbox-${name}-hint`} />
      <div>
        <label htmlFor={`mailbox-${name}`} className="text-sm font-medium">
          {label}
        </label>
        <p id={`mailbox-${name}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      </div>
    </div>
  );
}

export function MailboxSettingsScreen({ settings, reply }: { settings: MailboxSettingsView; reply: MailboxReply | undefined }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const value = (name: keyof MailboxSettingsView) => submittedValue(reply, name) ?? String(settings[name] ?? "");
  const errors = (name: string) => {
    const e = fieldError(reply, name);
    return e ? [e] : null;
  };
  return (
    <>
      <AdminPageHeader title="Mailbox" description="Where visitors' replies to enquiry e-mails go, and how the portal reads them." back={{ to: "/admin/settings", label: "Back to Settings" }} />
      <ReplyStatus reply={reply} message="Mailbox settings saved" />
      {settings.failingSince && !reply?.ok ? (
        <div className="mb-6 max-w-3xl">
          <FailingMailboxNotice reason={settings.lastError ?? ""} since={settings.failingSince} fix="form" />
        </div>
      ) : null}
      <Form method="post" className="max-w-3xl space-y-6" key={reply?.ok ? "saved" : "editing"}>
        <Card>
          <CardHeader className="pb-4">
            <CardTitle className="flex items-center gap-2 text-base">
              <Inbox className="size-5 text-primary" aria-hidden />
              Replies to enquiries
            </CardTitle>
            <CardDescription>
              Replies you send from an enquiry come from the website&apos;s sending address; the visitor&apos;s answer goes to this mailbox and
              appears on the enquiry.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-5 sm:grid-cols-2">
            <Field label="Reply address" errors={errors("replyAddress")} hint="The firm's mailbox, e.g. enquiries@example.com. Blank: the company e-mail." className="sm:col-span-2">
              {(p) => <Input {...p} name="replyAddress" type="email" defaultValue={value("replyAddress")} />}
            </Field>
            <Check
              name="plusAddressing"
              label="The mail server accepts plus addresses"
              hint="Replies then go to enquiries+code@…, which links each answer to its enquiry even when the visitor's mail program drops the thread."
              defaultChecked={reply && !reply.ok ? submittedValue(reply, "plusAddressing") === "on" : settings.plusAddressing}
            />
            <Check
              name="imapEnabled"
              label="Read replies from this mailbox"
              hint="The portal checks the mailbox every minute and adds each answer to its enquiry. Other messages are left alone."
              defaultChecked={reply && !reply.ok ? submittedValue(reply, "imapEnabled") === "on" : settings.imapEnabled}
            />
            <Field label="IMAP server" errors={errors("imapHost")} hint="For example imap.example.com.">
              {(p) => <Input {...p} name="imapHost" defaultValue={value("imapHost")} autoComplete="off" />}
            </Field>
            <Field label="Port" errors={errors("imapPort")}>
              {(p) => <Input {...p} name="imapPort" inputMode="numeric" defaultValue={value("imapPort")} />}
            </Field>
            <Check name="imapTls" label="Use TLS" hint="Leave on unless your mail provider says otherwise (port 993 uses TLS)." defaultChecked={reply && !reply.ok ? submittedValue(reply, "imapTls") === "on" : settings.imapTls} />
            <Field label="User name" errors={errors("imapUser")}>
              {(p) => <Input {...p} name="imapUser" defaultValue={value("imapUser")} autoComplete="off" />}
            </Field>
            <Field
              label="App password"
              errors={errors("imapPassword")}
              hint={settings.hasPassword ? "A password is saved. Leave blank to keep it." : "An app password made for this mailbox, not your own sign-in password."}
            >
              {(p) => <Input {...p} name="imapPassword" type="password" autoComplete="new-password" />}
            </Field>
            <Field label="Folder" errors={errors("imapFolder")} hint="Usually INBOX.">
              {(p) => <Input {...p} name="imapFolder" defaultValue={value("imapFolder")} />}
            </Field>
            {settings.lastPolledAt && !settings.failingSince ? (
              <p className="text-sm text-muted-foreground sm:col-span-2">
                Last checked {formatUkDate(settings.lastPolledAt)} at {formatUkTime12(settings.lastPolledAt)}.
              </p>
            ) : null}
          </CardContent>
        </Card>
        <Button type="submit" disabled={saving}>
          <Save aria-hidden /> Save mailbox settings
        </Button>
      </Form>
    </>
  );
}
