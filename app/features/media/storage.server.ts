/**
 * Uploaded files (`shared/DESIGN.md` section 2, "files"): local disk under `DATA_DIR/uploads`.
 * Served at `/uploads/*` with a long cache: stored names are random, so a name never changes meaning.
 */
import path from "node:path";
import express from "express";
import { env } from "~/utils/env.server";

export const uploadsDir = () => path.resolve(env.DATA_DIR, "uploads");

/** Express router that serves stored uploads read-only. */
export function uploadsRouter(): express.Router {
  const router = express.Router();
  router.use(express.static(uploadsDir(), { immutable: true, maxAge: "30d", fallthrough: false }));
  return router;
}
