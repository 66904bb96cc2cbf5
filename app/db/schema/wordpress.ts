/**
 * What a WordPress import wrote: one row per imported post or page, matched on the next import by
 * the export's GUID, so importing the same file again changes nothing and a newer export updates
 * what changed.
 */
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { WORDPRESS_RUN_STATUSES } from "../../utils/domain";
import { user } from "./auth";
import { createdAt, inList, updatedAt, uuidId } from "./columns";

/**
 * One imported item, keyed by its export GUID and WordPress post id together (exports are known to
 * repeat a GUID across posts), with its kind ("post", "page"), the
 * article it became (`target_id`, an `insights` id; no foreign key, so deleting the article here
 * keeps the record and a later import does not recreate it), the SHA-256 (hex) of what was written
 * (`content_hash`) and the article's version right after that write (`target_version`): a later
 * import updates the article only when the export changed and nobody edited it here since.
 */
export const wordpressImports = pgTable(
  "wordpress_imports",
  {
    guid: text("guid").notNull(),
    postId: integer("post_id").notNull(),
    kind: text("kind").notNull(),
    targetId: uuid("target_id").notNull(),
    contentHash: text("content_hash").notNull(),
    targetVersion: integer("target_version").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: "wordpress_imports_pkey", columns: [t.guid, t.postId] }),
  ],
);

/**
 * One WordPress export uploaded in the portal (Admin > Site > Import from WordPress) and what
 * became of it. The file is kept under DATA_DIR (`file_path`, mode 0600) only until the run is
 * done, failed or discarded; then it is deleted and `file_path` is null. `plan` is the dry run
 * (`DryRun` of `app/features/wordpress/dry-run.server.ts`), `mapping` the staff's choices
 * (`ImportMapping`), `report` what applying has written so far (`ApplyReport`). `done` of
 * `total` units (attachments, then posts and pages) are applied; the job applying a run holds it
 * until `lease_until`, so one instance at a time writes it and another takes over once it lapses.
 */
export const wordpressImportRuns = pgTable(
  "wordpress_import_runs",
  {
    id: uuidId(),
    fileName: text("file_name").notNull(),
    filePath: text("file_path"),
    fileBytes: integer("file_bytes").notNull(),
    uploadedBy: text("uploaded_by").references(() => user.id, { onDelete: "set null" }),
    status: text("status", { enum: WORDPRESS_RUN_STATUSES }).notNull().default("planned"),
    done: integer("done").notNull().default(0),
    total: integer("total").notNull().default(0),
    plan: jsonb("plan").notNull(),
    mapping: jsonb("mapping"),
    report: jsonb("report"),
    error: text("error"),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    check("wordpress_import_runs_status_check", inList("status", WORDPRESS_RUN_STATUSES)),
    index("wordpress_import_runs_status_idx").on(t.status),
  ],
);
