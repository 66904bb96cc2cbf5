import { data } from "react-router";
import { z } from "zod";
import { requireAdmin } from "~/features/auth/guard.server";
import { MANAGER_ROLES } from "~/features/auth/roles";
import { ContactView } from "~/features/data-protection/components/contact-view";
import { contactHistory } from "~/features/data-protection/contact-history.server";
import { pageMeta } from "~/features/seo/meta";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Contact", path: "/admin/contact", noIndex: true });

/** `?email=`: one person's enquiries, bookings and messages, newest first. Managers only; 400 without a valid address. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request, MANAGER_ROLES);
  const email = z.email().max(254).safeParse(new URL(request.url).searchParams.get("email")?.trim());
  if (!email.success) throw data("Enter a valid e-mail address.", { status: 400 });
  return contactHistory(email.data);
}

export default function Contact({ loaderData }: Route.ComponentProps) {
  return <ContactView {...loaderData} />;
}
