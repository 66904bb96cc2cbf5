import { ShieldCheck, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { useRootData } from "~/features/site/root-data";

/**
 * The frame of the signed-out admin screens (through `AuthCard`): a calm two-column page on
 * desktop (brand panel and form), the form alone on phones. Marks the page noindex.
 */
function AuthPageFrame({ children }: { children: React.ReactNode }) {
  const companyName = useRootData()?.site.companyName ?? "Meridian Engineering";
  return (
    <div className="grid min-h-dvh bg-muted/60 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <meta name="robots" content="noindex, nofollow" />
      <aside className="relative hidden overflow-hidden bg-ink p-12 text-white lg:flex lg:flex-col lg:justify-between">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 opacity-[0.07] [background-image:linear-gradient(to_right,white_1px,transparent_1px),linear-gradient(to_bottom,white_1px,transparent_1px)] [background-size:40px_40px]"
        />
        <Link to="/" reloadDocument className="relative flex items-center gap-3 text-lg font-semibold">
          <span aria-hidden className="flex size-10 items-center justify-center rounded-lg bg-primary text-xl font-bold">
            {companyName.trim()[0]?.toUpperCase()}
          </span>
          {companyName}
        </Link>
        <div className="relative max-w-md">
          <p className="text-3xl font-semibold leading-tight">Staff portal</p>
          <p className="mt-4 text-base leading-relaxed text-teal-50/85">
            Answer enquiries, confirm consultations, set availability and keep the website up to date.
          </p>
        </div>
        <p className="relative flex items-center gap-2 text-sm text-teal-50/75">
          <ShieldCheck className="size-4" aria-hidden /> Authorised staff only. Activity is recorded.
        </p>
      </aside>
      <main className="flex items-center justify-center px-4 py-10 sm:px-8">
        <div className="w-full max-w-md">
          <Link to="/" reloadDocument className="mb-6 flex items-center justify-center gap-2.5 font-semibold lg:hidden">
            <span aria-hidden className="flex size-9 items-center justify-center rounded-lg bg-primary text-lg font-bold text-white">
              {companyName.trim()[0]?.toUpperCase()}
            </span>
            {companyName}
          </Link>
          {children}
        </div>
      </main>
    </div>
  );
}

/**
 * A signed-out screen (sign in, forgot password, set password, two-factor, confirm e-mail): the
 * frame with one card holding an optional round icon, the page's h1, a short description, then
 * the screen's alerts, form and links (`children`).
 */
export function AuthCard({
  icon: Icon,
  title,
  description,
  children,
}: {
  icon?: LucideIcon;
  title: string;
  description: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <AuthPageFrame>
      <div className="rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
        {Icon ? (
          <span aria-hidden className="mb-4 flex size-11 items-center justify-center rounded-full bg-accent text-primary">
            <Icon className="size-5" />
          </span>
        ) : null}
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{description}</p>
        {children}
      </div>
    </AuthPageFrame>
  );
}
