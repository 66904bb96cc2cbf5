/**
 * `/`: the home page. `loadHomePage` reads the Home page as published (`?preview=` shows a draft)
 * and what it lists; `HomeScreen` draws it.
 */
import { data } from "react-router";
import { HomeScreen } from "~/features/home/components/home-screen";
import { loadHomePage } from "~/features/home/home.server";
import { pageMeta } from "~/features/seo/meta";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    description: `London-based structural and humanitarian engineering consultancy. Resilient, sustainable buildings and infrastructure for developers, governments and NGOs in ${args.loaderData?.countries.value ?? "20+"} countries.`,
    path: "/",
    noIndex: args.loaderData?.preview,
    keywords: ["structural engineering", "humanitarian engineering", "disaster resilience", "London engineering consultancy"],
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { page, headers } = await loadHomePage(request, context);
  return data(page, { headers });
}

/** A preview's Cache-Control and X-Robots-Tag reach the document response. */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomeScreen data={loaderData} />;
}
