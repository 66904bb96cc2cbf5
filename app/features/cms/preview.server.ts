/**
 * Signed preview links: staff open the public page of a draft or scheduled
 * project or insight through `/{projects|insights}/{slug}?preview={token}`, and the draft of a
 * site page through its public page, e.g. `/about?preview={token}`. The token is
 * `{expiry}.{signature}`: expiry in Unix seconds, signature an HMAC-SHA256 (keyed with the server
 * secret, the auth secret) of the item's kind, id and expiry, so it is valid for that one item only, for one hour.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { serverSecret } from "~/utils/env.server";
import type { ContentKindName } from "./kinds";

/** How long a preview link stays valid, in seconds. */
export const PREVIEW_TTL_SECONDS = 60 * 60;

/** What a preview link opens: a project, an insight, or a page of the site. */
export type PreviewKind = ContentKindName | "page";

function sign(kind: PreviewKind, id: string, expiry: number): string {
  return createHmac("sha256", serverSecret).update(`cms-preview:${kind}:${id}:${expiry}`).digest("base64url");
}

/** A token valid for `PREVIEW_TTL_SECONDS` from `now` for one item. */
export function createPreviewToken(kind: PreviewKind, id: string, now: Date = new Date()): string {
  const expiry = Math.floor(now.getTime() / 1000) + PREVIEW_TTL_SECONDS;
  return `${expiry}.${sign(kind, id, expiry)}`;
}

/** True when `token` was made by `createPreviewToken` for this kind and id and has not expired at `now`. */
export function verifyPreviewToken(token: string | null | undefined, kind: PreviewKind, id: string, now: Date = new Date()): boolean {
  const m = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token ?? "");
  if (!m) return false;
  const expiry = Number(m[1]);
  if (expiry * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(sign(kind, id, expiry));
  const given = Buffer.from(m[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Response headers of a preview: never cached, never indexed. */
export const PREVIEW_HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" } as const;

