/**
 * Reading a WordPress export (WXR 1.0 to 1.2: RSS 2.0 with the `wp:` elements), streamed with
 * saxes so a 100 MB file is read in bounded memory: the channel's authors, categories and tags are
 * kept, and each `<item>` is handed to `onItem` as soon as it ends, then dropped. A DOCTYPE is
 * refused before anything else is read, so neither a DTD nor an external or expanding entity is
 * ever processed (saxes knows only XML's five entities without one and refuses any other
 * reference). A file that is not a WordPress export gets {@link WxrError} with a message people
 * read. Runs in a worker thread (`parse.worker.ts`), never on the request thread.
 */
import type { Readable } from "node:stream";
import { SaxesParser } from "saxes";

/** The reason a file cannot be imported, in words for the person who uploaded it. */
export class WxrError extends Error {}

/** An author of the export (`wp:author`). */
export type WxrAuthor = { login: string; displayName: string; email: string };
/** A category or tag of the export (its slug, "nicename", and its name). */
export type WxrTerm = { slug: string; name: string };

/** One `<item>`: a post, page, attachment, menu item or any other post type. Times are as written. */
export type WxrItem = {
  postId: number;
  guid: string;
  title: string;
  link: string;
  slug: string;
  postType: string;
  status: string;
  /** `wp:post_date_gmt`, "YYYY-MM-DD HH:MM:SS" in UTC, or "" when the export has none (drafts). */
  dateGmt: string;
  /** `wp:post_date`, the site's wall-clock time. */
  date: string;
  creator: string;
  excerpt: string;
  content: string;
  password: string;
  postParent: number;
  attachmentUrl: string;
  categories: WxrTerm[];
  tags: WxrTerm[];
  /** `wp:postmeta` keys and values (`_thumbnail_id`, ...). */
  meta: Record<string, string>;
  commentCount: number;
};

/** What the channel says about the site. */
export type WxrChannel = { wxrVersion: string; title: string; link: string; baseSiteUrl: string; baseBlogUrl: string; authors: WxrAuthor[]; categories: WxrTerm[]; tags: WxrTerm[] };

/** Longest text kept of one field (a body of more is cut there): 2 MB of characters. */
export const MAX_FIELD_CHARS = 2_000_000;
/** Most authors, categories and tags kept from one channel. */
const MAX_TERMS = 10_000;

const emptyItem = (): WxrItem => ({
  postId: 0,
  guid: "",
  title: "",
  link: "",
  slug: "",
  postType: "",
  status: "",
  dateGmt: "",
  date: "",
  creator: "",
  excerpt: "",
  content: "",
  password: "",
  postParent: 0,
  attachmentUrl: "",
  categories: [],
  tags: [],
  meta: {},
  commentCount: 0,
});

/**
 * Streams `input` (the file's bytes) and calls `onItem` for each item, in order (awaited, so a
 * slow consumer slows the reading). Resolves to the channel once the file has ended. Rejects with
 * {@link WxrError} for a DOCTYPE, malformed XML, an unknown entity, or a file that is not a
 * WordPress export (no `<rss>` root or no `wp:wxr_version`).
 */
export async function readWxr(input: Readable, onItem: (item: WxrItem) => void | Promise<void>): Promise<WxrChannel> {
  const parser = new SaxesParser({ xmlns: false, position: false });
  const channel: WxrChannel = { wxrVersion: "", title: "", link: "", baseSiteUrl: "", baseBlogUrl: "", authors: [], categories: [], tags: [] };
  const stack: string[] = [];
  let text = "";
  let item: WxrItem | null = null;
  let author: WxrAuthor | null = null;
  let term: (WxrTerm & { kind: "category" | "tag" }) | null = null;
  let meta: { key: string; value: string } | null = null;
  let itemCategory: { domain: string; slug: string } | null = null;
  let failure: Error | null = null;
  const ready: WxrItem[] = [];

  parser.on("doctype", () => {
    throw new WxrError("This file declares a DTD (<!DOCTYPE>), which a WordPress export never has: it is refused.");
  });
  parser.on("opentag", (tag) => {
    if (stack.length === 0 && tag.name !== "rss") throw new WxrError("This file is not a WordPress export: it is XML, but not an RSS file (WXR).");
    stack.push(tag.name);
    text = "";
    if (tag.name === "item" && stack.length === 3) item = emptyItem();
    else if (tag.name === "wp:author" && !item) author = { login: "", displayName: "", email: "" };
    else if ((tag.name === "wp:category" || tag.name === "wp:tag") && !item) term = { kind: tag.name === "wp:tag" ? "tag" : "category", slug: "", name: "" };
    else if (tag.name === "wp:postmeta" && item) meta = { key: "", value: "" };
    else if (tag.name === "category" && item) {
      const attrs = tag.attributes as Record<string, string>;
      itemCategory = { domain: attrs.domain ?? "", slug: attrs.nicename ?? "" };
    }
  });
  const addText = (chunk: string) => {
    if (text.length < MAX_FIELD_CHARS) text += chunk.slice(0, MAX_FIELD_CHARS - text.length);
  };
  parser.on("text", addText);
  parser.on("cdata", addText);
  parser.on("closetag", (tag) => {
    const name = tag.name;
    stack.pop();
    const value = text;
    text = "";
    if (item) {
      const current: WxrItem = item;
      switch (name) {
        case "item":
          ready.push(current);
          item = null;
          return;
        case "title":
          current.title = value.trim();
          return;
        case "link":
          current.link = value.trim();
          return;
        case "guid":
          current.guid = value.trim();
          return;
        case "dc:creator":
          current.creator = value.trim();
          return;
        case "content:encoded":
          current.content = value;
          return;
        case "excerpt:encoded":
          current.excerpt = value.trim();
          return;
        case "wp:post_id":
          current.postId = Number(value.trim()) || 0;
          return;
        case "wp:post_name":
          current.slug = value.trim();
          return;
        case "wp:post_type":
          current.postType = value.trim();
          return;
        case "wp:status":
          current.status = value.trim();
          return;
        case "wp:post_date":
          current.date = value.trim();
          return;
        case "wp:post_date_gmt":
          current.dateGmt = value.trim().startsWith("0000") ? "" : value.trim();
          return;
        case "wp:post_password":
          current.password = value;
          return;
        case "wp:post_parent":
          current.postParent = Number(value.trim()) || 0;
          return;
        case "wp:attachment_url":
          current.attachmentUrl = value.trim();
          return;
        case "wp:comment":
          current.commentCount++;
          return;
        case "wp:meta_key":
          if (meta && stack.at(-1) === "wp:postmeta") meta.key = value.trim();
          return;
        case "wp:meta_value":
          if (meta && stack.at(-1) === "wp:postmeta") meta.value = value;
          return;
        case "wp:postmeta":
          if (meta?.key && Object.keys(current.meta).length < 200) current.meta[meta.key] = meta.value.slice(0, 10_000);
          meta = null;
          return;
        case "category":
          if (itemCategory) {
            const entry = { slug: itemCategory.slug, name: value.trim() };
            if (itemCategory.domain === "category") current.categories.push(entry);
            else if (itemCategory.domain === "post_tag") current.tags.push(entry);
          }
          itemCategory = null;
          return;
      }
      return;
    }
    if (author) {
      if (name === "wp:author_login") author.login = value.trim();
      else if (name === "wp:author_display_name") author.displayName = value.trim();
      else if (name === "wp:author_email") author.email = value.trim();
      else if (name === "wp:author") {
        if (channel.authors.length < MAX_TERMS) channel.authors.push(author);
        author = null;
      }
      return;
    }
    if (term) {
      if (name === "wp:category_nicename" || name === "wp:tag_slug") term.slug = value.trim();
      else if (name === "wp:cat_name" || name === "wp:tag_name") term.name = value.trim();
      else if (name === "wp:category" || name === "wp:tag") {
        const list = term.kind === "tag" ? channel.tags : channel.categories;
        if (list.length < MAX_TERMS) list.push({ slug: term.slug, name: term.name });
        term = null;
      }
      return;
    }
    if (stack.length === 2 && stack[1] === "channel") {
      if (name === "title") channel.title = value.trim();
      else if (name === "link") channel.link = value.trim();
    }
    if (name === "wp:wxr_version") channel.wxrVersion = value.trim();
    else if (name === "wp:base_site_url") channel.baseSiteUrl = value.trim();
    else if (name === "wp:base_blog_url") channel.baseBlogUrl = value.trim();
  });
  parser.on("error", (error) => {
    failure ??= error instanceof WxrError ? error : new WxrError(`This file is not a readable WordPress export: ${error.message.split("\n")[0]}`);
  });

  const drain = async () => {
    while (ready.length > 0) {
      const next = ready.shift()!;
      await onItem(next);
    }
  };
  const feed = (chunk: string) => {
    try {
      parser.write(chunk);
    } catch (error) {
      failure ??= error instanceof WxrError ? error : new WxrError(`This file is not a readable WordPress export: ${(error as Error).message.split("\n")[0]}`);
    }
  };
  input.setEncoding("utf8");
  for await (const chunk of input as AsyncIterable<string>) {
    feed(chunk);
    if (failure) break;
    if (ready.length > 0) {
      if (!channel.wxrVersion) failure = new WxrError("This file is not a WordPress export: it has no wp:wxr_version before its first item.");
      else await drain();
    }
    if (failure) break;
  }
  if (!failure) {
    try {
      parser.close();
    } catch (error) {
      failure ??= error instanceof WxrError ? error : new WxrError(`This file is not a readable WordPress export: ${(error as Error).message.split("\n")[0]}`);
    }
  }
  if (failure) {
    input.destroy();
    throw failure;
  }
  if (!channel.wxrVersion) throw new WxrError("This file is not a WordPress export: it has no wp:wxr_version (export it from Tools → Export → All content).");
  await drain();
  return channel;
}
