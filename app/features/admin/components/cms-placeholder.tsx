import { ArrowLeft, Construction } from "lucide-react";
import { Link } from "react-router";
import { Card } from "~/components/ui/card";
import { AdminPageHeader } from "~/components/admin-page-header";

/**
 * A protected placeholder for the projects and blog CMS screens, which arrive in a later issue.
 */
export function CmsPlaceholder({ title, description }: { title: string; description: string }) {
  return (
    <>
      <AdminPageHeader title={title} description={description} />
      <Card className="flex flex-col items-center px-6 py-14 text-center">
        <span aria-hidden className="flex size-12 items-center justify-center rounded-full bg-accent text-primary">
          <Construction className="size-6" />
        </span>
        <p className="mt-4 text-lg font-semibold">Project and blog management arrives in the next release</p>
        <p className="mt-1 max-w-md text-sm text-muted-foreground">
          Until then, the published projects and articles on the website stay as they are.
        </p>
        <Link to="/admin/dashboard" className="mt-6 inline-flex items-center gap-1.5 text-sm font-medium text-primary hover:underline">
          <ArrowLeft className="size-4" aria-hidden /> Back to the dashboard
        </Link>
      </Card>
    </>
  );
}
