/**
 * Helpers for the site studio's route tests: a fixed clock, a page value turned into the form
 * fields the edit form posts, and a save through the real page action as a signed-in staff member.
 */
import type { SitePageKey } from "~/features/site-pages/schemas";
import { pageEditAction } from "~/features/site-pages/actions.server";
import { INSIGHT_BLOCK_TYPES } from "~/features/insights/blocks";
import { formPost, outcome, type StaffSession } from "./admin-session";

/** The studio tests' "now": 1 March 2026, 12:00 UTC. */
export const T0 = new Date("2026-03-01T12:00:00Z");

/** The form fields of a page value, named by path as the edit form names them (a block document posts as JSON). */
export function fieldsOf(value: unknown, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  // An article block has a block type; an image block names a library image (a page's own media
  // rows, e.g. a founder's experience images, are typed "image" too but hold a file).
  const isBlock = (v: unknown) =>
    !!v && typeof v === "object" && (INSIGHT_BLOCK_TYPES as readonly unknown[]).includes((v as { type?: unknown }).type) && !("file" in v);
  const isDocument = Array.isArray(value) && value.length > 0 && value.every(isBlock);
  if (isDocument) out[prefix] = JSON.stringify(value);
  else if (Array.isArray(value)) value.forEach((v, i) => Object.assign(out, fieldsOf(v, `${prefix}.${i}`)));
  else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) Object.assign(out, fieldsOf(v, prefix ? `${prefix}.${k}` : k));
  else if (value === true) out[prefix] = "on";
  else if (value !== false && value !== null && value !== undefined) out[prefix] = String(value);
  return out;
}

const post = (session: StaffSession, key: SitePageKey, content: unknown, extra: Record<string, string>) =>
  session.request(`/admin/site/${key}`, formPost({ ...fieldsOf(content), ...extra }));

/**
 * Posts `content` (plus `extra` fields such as intent and version) to page `key`'s edit action
 * as `session`, at `now`; returns the action's outcome (status and value, thrown responses included).
 */
export async function save(session: StaffSession, key: SitePageKey, content: unknown, extra: Record<string, string>, now = T0) {
  return outcome(() => pageEditAction(key, post(session, key, content, extra), now));
}
