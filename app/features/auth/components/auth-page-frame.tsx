import { ShieldCheck, type LucideIcon } from "lucide-react";
import { Link } from "react-router";
import { useRootData } from "~/features/site/root-data";
import { cn } from "~/utils/cn";

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
        <HomeLink companyName={companyName} className="relative gap-3 text-lg" markClassName="size-10 text-xl" />
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
          <HomeLink companyName={companyName} className="mb-6 justify-center gap-2.5 lg:hidden" markClassName="size-9 text-lg text-white" />
          {children}
        </div>
      </main>
    </div>
  );
}

/** The company's initial in a square and its name, linking to the public home page (a full page load: the public site is another bundle). */
function HomeLink({ companyName, className, markClassName }: { companyName: string; className: string; markClassName: string }) {
  return (
    <Link to="/" reloadDocument className={cn("flex items-center font-semibold", className)}>
      <span aria-hidden className={cn("flex items-center justify-center rounded-lg bg-primary font-bold", markClassName)}>
        {companyName.trim()[0]?.toUpperCase()}
      </span>
      {companyName}
    </Link>
  );
}

/**
 * A signed-out screen (sign in, forgot password, set password, two-factor, confirm e-mail): the
 * frame with one card holding an optional round icon, the page's h1, a short description, then
 * the screen's alerts, form and links (`children`), and last an optional link away (`back`, e.g.
 * "Back to sign in").
 */
export function AuthCard({
  icon: Icon,
  title,
  description,
  back,
  children,
}: {
  icon?: LucideIcon;
  title: string;
  description: React.ReactNode;
  back?: { to: string; label: string };
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
        {back ? (
          <p className="mt-6 text-sm">
            <Link to={back.to} className="font-medium text-primary hover:underline">
              {back.label}
            </Link>
          </p>
        ) : null}
      </div>
    </AuthPageFrame>
  );
}
