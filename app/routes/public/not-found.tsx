import { data } from "react-router";
import { NotFoundScreen, notFoundMeta } from "~/features/site/components/not-found-screen";
import type { Route } from "./+types/not-found";

/** Any unknown path: responds with HTTP 404. */
export function loader() {
  return data({ notFound: true }, { status: 404 });
}

export const meta: Route.MetaFunction = (args) => notFoundMeta(args);

export default function NotFound() {
  return <NotFoundScreen />;
}
