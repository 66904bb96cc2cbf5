import { data } from "react-router";
import { z } from "zod";
import { AccountScreen } from "~/features/auth/components/account-screen";
import { auditActor, MANAGER_ROLES, requireAdmin, roleAllows } from "~/features/auth/guard.server";
import { getCalendarFeedState, issueCalendarFeed, turnOffCalendarFeed } from "~/features/consultations/calendar-feed.server";
import { CALENDAR_FEED_INTENTS, type CalendarFeedResult } from "~/features/consultations/components/calendar-feed-card";
import { pageMeta } from "~/features/seo/meta";
import { readFormData } from "~/utils/form-data.server";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: "Your account", path: "/admin/account", noIndex: true });

/** The signed-in member of staff's own account and calendar feed; every staff role. */
export async function loader({ request }: Route.LoaderArgs) {
  const session = await requireAdmin(request);
  return {
    admin: { name: session.admin.name, email: session.admin.email, role: session.admin.role },
    feed: await getCalendarFeedState(session.admin.id),
    personal: roleAllows(session.admin.role, MANAGER_ROLES),
  };
}

const FeedIntentSchema = z.object({ intent: z.enum(CALENDAR_FEED_INTENTS) });

const answer = (result: CalendarFeedResult, status = 200) => data<CalendarFeedResult>(result, { status });

/**
 * `intent`: turn-on | regenerate (answer the new address, once) | turn-off, for the signed-in
 * account only. 400 for an unknown intent; 409 when the feed is not in the expected state.
 */
export async function action({ request }: Route.ActionArgs) {
  const session = await requireAdmin(request);
  const parsed = FeedIntentSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return answer({ ok: false, intent: null, message: "Unknown action. Refresh the page and try again." }, 400);
  const { intent } = parsed.data;
  const actor = auditActor(session);
  if (intent === "turn-off") {
    const done = await turnOffCalendarFeed(actor, session.admin);
    return done
      ? answer({ ok: true, intent, message: "Calendar feed turned off" })
      : answer({ ok: false, intent, message: "Your calendar feed is already off." }, 409);
  }
  const issued = await issueCalendarFeed(actor, session.admin, { replace: intent === "regenerate" });
  if (!issued.ok) {
    const message =
      issued.reason === "already_on"
        ? "Your calendar feed is already on. Regenerate the address if you need a new one."
        : "Your calendar feed is off. Turn it on to get an address.";
    return answer({ ok: false, intent, message }, 409);
  }
  return answer({
    ok: true,
    intent,
    message: intent === "regenerate" ? "New feed address made; the old one no longer works" : "Calendar feed turned on",
    url: issued.url,
  });
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  return <AccountScreen {...loaderData} result={actionData} />;
}
