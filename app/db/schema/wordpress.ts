/**
 * What a WordPress import wrote: one row per imported post or page, matched on the next import by
 * the export's GUID, so importing the same file again changes nothing and a newer export updates
 * what changed.
 */
import { integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";

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
