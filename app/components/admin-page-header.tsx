import { Link } from "react-router";

/**
 * The title block at the top of an admin page: h1, an optional line of help, an optional link back
 * to the page this one belongs to (`back`, e.g. Settings), optional actions.
 */
export function AdminPageHeader({
  title,
  description,
  back,
  actions,
}: {
  title: string;
  description?: string;
  back?: { to: string; label: string };
  actions?: React.ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
        {description ? <p className="mt-1 text-sm text-muted-foreground sm:text-base">{description}</p> : null}
        {back ? (
          <p className="mt-3 text-sm">
            <Link to={back.to} className="font-medium text-primary underline underline-offset-2">
              {back.label}
            </Link>
          </p>
        ) : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}

/** The outcome of the last form post on an admin page, announced: green when it worked, red with the reason when not. */
export function ReplyStatus({ reply, message }: { reply: { ok: boolean; message?: string } | undefined; message?: string }) {
  if (!reply) return null;
  return (
    <p role="status" className={reply.ok ? "mb-4 text-sm text-emerald-700" : "mb-4 text-sm text-destructive"}>
      {reply.ok ? (message ?? reply.message) : reply.message}
    </p>
  );
}
