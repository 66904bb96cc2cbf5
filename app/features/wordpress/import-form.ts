/**
 * The portal's WordPress import, safe for the browser: the upload's size limit and its message,
 * what the dry run says of every import, the names of the mapping form's fields, and what the
 * screens show of a run.
 */
import type { WORDPRESS_RUN_STATUSES } from "~/utils/domain";
import type { ApplyReport } from "./apply.server";
import type { DryRun } from "./dry-run.server";

/** The largest export accepted (100 MB): it is streamed to disk and read a window at a time. */
export const MAX_EXPORT_BYTES = 100 * 1024 * 1024;
/** The largest upload body: the file plus the multipart envelope. */
export const MAX_EXPORT_BODY_BYTES = MAX_EXPORT_BYTES + 64 * 1024;
/** What a larger file is told (413). */
export const UPLOAD_TOO_LARGE = "This file is larger than 100 MB, the largest export accepted. Export one post type or one date range at a time (Tools → Export in WordPress) and upload each file.";

/**
 * What the dry run says of every import, whatever the file: where old addresses lead. The old
 * address of a draft answers 301 to its article, which answers 404 until it is published; the
 * insights list has no category or tag filter, so the old archives land on the whole list.
 */
export const DRY_RUN_NOTES = [
  "Old addresses of pages and drafts lead to their article, which visitors see once it is published.",
  "Old category and tag archives lead to the whole Insights list, which has no category or tag filter.",
] as const;

/** The mapping form's field for a WordPress category (by its slug): an article category, or "" for the default. */
export const categoryField = (slug: string) => `category:${slug}`;
/** The mapping form's field for a WordPress author (by login): a member of staff's user id, or BYLINE. */
export const authorField = (login: string) => `author:${login}`;
/** The author field's value that keeps the author's name as the byline. */
export const BYLINE = "byline";

/** A run's status. */
export type RunStatus = (typeof WORDPRESS_RUN_STATUSES)[number];

/** A run as the screens show it; instants are ISO 8601. `report` is what applying wrote so far. */
export type RunView = {
  id: string;
  fileName: string;
  fileBytes: number;
  uploadedBy: string | null;
  status: RunStatus;
  done: number;
  total: number;
  plan: DryRun;
  mapping: { categories: Record<string, string>; defaultCategory: string | null; authors: Record<string, string | null> } | null;
  report: ApplyReport | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
};

/** A run as the list shows it. */
export type RunSummary = Pick<RunView, "id" | "fileName" | "uploadedBy" | "status" | "done" | "total" | "createdAt"> & { site: string };
