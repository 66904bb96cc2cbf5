/**
 * What the import does with each item of a WordPress export, before anything is written: the
 * rules of the dry run, safe for the server and the browser.
 *
 * Posts become articles: published stays published at its original date, scheduled (`future`)
 * stays scheduled, draft and pending become drafts, a password-protected post becomes a draft
 * (its words were never public); private posts, posts in the bin and auto-drafts are skipped and
 * listed. Pages become drafts (skipped likewise when private or in the bin). Attachments are
 * fetched into the media library. Menus (`nav_menu_item`), comments and every other post type are
 * listed as skipped.
 */
import { slugify } from "~/features/cms/slug";
import { htmlToBlocks } from "./html-blocks";
import type { WxrItem } from "./wxr";

/** The kinds the dry run counts. */
export const WP_KINDS = ["post", "page", "attachment", "menu", "other"] as const;
export type WpKind = (typeof WP_KINDS)[number];

/** What becomes of an item: created (or updated on a later import), or skipped with the reason. */
export type ItemPlan = {
  kind: WpKind;
  postId: number;
  guid: string;
  title: string;
  slug: string;
  /** The article's status it becomes ("published", "scheduled", "draft"), or null when skipped. */
  status: "published" | "scheduled" | "draft" | null;
  /** The publication instant (ISO 8601, UTC) kept from the export, or null. */
  publishedAt: string | null;
  /** Why it is skipped or changed (password-protected, private, ...), or null. */
  reason: string | null;
  /** Blocks of its body and images its body names (posts and pages). */
  blocks: number;
  images: number;
  /** Comments the item holds (never imported). */
  comments: number;
};

/** `wp:post_date_gmt` ("2013-01-11 20:22:19", UTC) as an ISO instant, or null when missing or invalid. */
export function wxrInstant(dateGmt: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(dateGmt);
  if (!match) return null;
  const date = new Date(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}Z`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The dry run's decision for one item (see the module comment for the rules). */
export function planItem(item: WxrItem): ItemPlan {
  const kind: WpKind = item.postType === "post" ? "post" : item.postType === "page" ? "page" : item.postType === "attachment" ? "attachment" : item.postType === "nav_menu_item" ? "menu" : "other";
  const body = kind === "post" || kind === "page" ? htmlToBlocks(item.content) : [];
  const base: ItemPlan = {
    kind,
    postId: item.postId,
    guid: item.guid,
    title: item.title,
    slug: item.slug,
    status: null,
    publishedAt: wxrInstant(item.dateGmt),
    reason: null,
    blocks: body.length,
    images: body.filter((b) => b.type === "wp-image").length,
    comments: item.commentCount,
  };
  const skip = (reason: string): ItemPlan => ({ ...base, reason });
  if (kind === "menu") return skip("menus are not imported");
  if (kind === "other") return skip(`the post type "${item.postType || "unknown"}" is not imported`);
  if (kind === "attachment") return { ...base, reason: null };
  if (item.status === "private") return skip("private: it was never public");
  if (item.status === "trash") return skip("in the bin");
  if (item.status === "auto-draft" || item.status === "inherit") return skip("an automatic draft or a revision");
  if (kind === "page") return { ...base, status: "draft", reason: "pages become drafts to publish or discard" };
  if (item.password) return { ...base, status: "draft", reason: "password-protected: a draft, since its words were never public" };
  if (item.status === "publish") return { ...base, status: "published" };
  if (item.status === "future") return { ...base, status: "scheduled" };
  if (item.status === "draft" || item.status === "pending") return { ...base, status: "draft" };
  return skip(`the status "${item.status || "unknown"}" is not imported`);
}

/**
 * The slug an imported post or page asks for: its WordPress slug as an article slug (lowercase
 * letters, digits and hyphens), else its title's, else `wordpress-<post id>`. Taken slugs get
 * -1, -2 ... as staff-written articles do.
 */
export function importSlug(item: Pick<ItemPlan, "slug" | "title" | "postId">): string {
  return slugify(item.slug, "") || slugify(item.title, `wordpress-${item.postId}`);
}

/** The GUID an imported item is recorded under: the export's, or `post:<id>` when it has none. */
export function importGuid(item: Pick<ItemPlan, "guid" | "postId">): string {
  return item.guid || `post:${item.postId}`;
}
