import { Badge } from "~/components/ui/badge";
import { PUBLICATION_STATE_LABELS, type PublicationState } from "../publication";

const VARIANTS = { published: "green", scheduled: "blue", draft: "yellow", archived: "grey" } as const;

/** The display-status badge of a project or post: Published, Scheduled, Draft or Archived. */
export function StateBadge({ state }: { state: PublicationState }) {
  return <Badge variant={VARIANTS[state]}>{PUBLICATION_STATE_LABELS[state]}</Badge>;
}
