/**
 * Saved replies (Contact Enquiries > Saved replies): the templates staff choose in the reply
 * composer. Each can be changed or deleted; a new one is added at the end. Works without JavaScript.
 */
import { Form, useNavigation } from "react-router";
import { AdminPageHeader, ReplyStatus } from "~/components/admin-page-header";
import { Field } from "~/components/field";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Input, Textarea } from "~/components/ui/input";
import { fieldError, submittedValue, type ActionReply } from "~/utils/forms";

/** What the saved-replies action answers; `id` names the reply a refusal is about ("new" for the add form). */
export type SavedRepliesReply = ActionReply<object, { id?: string }>;

const HINT = "You can use {name}, {company} and {consultation_link}; they are filled in for each visitor.";

function ReplyForm({ reply, id, title, body }: { reply: SavedRepliesReply | undefined; id: string; title: string; body: string }) {
  const mine = reply && !reply.ok && reply.id === id ? reply : undefined;
  const errors = (name: string) => {
    const e = fieldError(mine, name);
    return e ? [e] : null;
  };
  const navigation = useNavigation();
  return (
    <Form method="post" className="space-y-4" key={`${id}-${reply?.ok ? "saved" : "editing"}`}>
      <input type="hidden" name="id" value={id} />
      <Field label="Title" errors={errors("title")}>
        {(p) => <Input {...p} name="title" defaultValue={submittedValue(mine, "title") ?? title} maxLength={120} required />}
      </Field>
      <Field label="Text" errors={errors("body")} hint={HINT}>
        {(p) => <Textarea {...p} name="body" rows={6} defaultValue={submittedValue(mine, "body") ?? body} required />}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" name="intent" value={id === "new" ? "create" : "update"} disabled={navigation.state === "submitting"}>
          {id === "new" ? "Add saved reply" : "Save changes"}
        </Button>
        {id === "new" ? null : (
          <Button type="submit" name="intent" value="delete" variant="ghost" className="text-destructive" formNoValidate>
            Delete
          </Button>
        )}
      </div>
    </Form>
  );
}

export function SavedRepliesScreen({ replies, reply }: { replies: { id: string; title: string; body: string }[]; reply: SavedRepliesReply | undefined }) {
  return (
    <>
      <AdminPageHeader title="Saved replies" description="Ready-made answers to choose when replying to an enquiry." back={{ to: "/admin/enquiries", label: "Back to enquiries" }} />
      <ReplyStatus reply={reply} />
      <div className="max-w-3xl space-y-4">
        {replies.length === 0 ? <p className="text-sm text-muted-foreground">No saved replies yet.</p> : null}
        {replies.map((r) => (
          <Card key={r.id}>
            <CardContent className="pt-6">
              <ReplyForm reply={reply} id={r.id} title={r.title} body={r.body} />
            </CardContent>
          </Card>
        ))}
        <Card>
          <CardContent className="pt-6">
            <h2 className="mb-4 text-base font-semibold">New saved reply</h2>
            <ReplyForm reply={reply} id="new" title="" body="" />
          </CardContent>
        </Card>
      </div>
    </>
  );
}
