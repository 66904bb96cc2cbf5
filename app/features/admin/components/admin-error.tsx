import { ArrowLeft, ShieldAlert, TriangleAlert } from "lucide-react";
import { Link } from "react-router";
import { Card } from "~/components/ui/card";

/**
 * An admin page's error, inside the portal: 403 says the role does not include the page,
 * 404 that it does not exist, anything else that it failed to load.
 */
export function AdminErrorPanel({ status, detail }: { status?: number; detail?: string }) {
  const forbidden = status === 403;
  const title = forbidden ? "You do not have access to this page" : status === 404 ? "Page not found" : "This page could not be loaded";
  const text = forbidden
    ? "Your role does not include this part of the admin portal. Ask a super admin if you need it."
    : status === 404
      ? "The page or record you asked for does not exist, or has been deleted."
      : (detail ?? "Something went wrong. Please try again in a moment.");
  const Icon = forbidden ? ShieldAlert : TriangleAlert;
  return (
    <Card className="mx-auto flex max-w-xl flex-col items-center px-6 py-12 text-center">
      <title>{`${title} | Admin Portal`}</title>
      <span aria-hidden className="flex size-12 items-center justify-center rounded-full bg-red-50 text-red-700">
        <Icon className="size-6" />
      </span>
      <p className="mt-3 text-sm font-semibold text-muted-foreground">{status ? `Error ${status}` : "Error"}</p>
      <h1 className="mt-1 text-xl font-semibold">{title}</h1>
      <p className="mt-2 max-w-md text-sm text-muted-foreground">{text}</p>
      <Link to="/admin/dashboard" className="mt-6 inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline">
        <ArrowLeft className="size-4" aria-hidden /> Back to the dashboard
      </Link>
    </Card>
  );
}
