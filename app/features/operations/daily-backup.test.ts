/**
 * The daily backup job on the test database (PGlite, and PostgreSQL through pg_dump):
 * one backup a day even when two workers race, audited, shown as the last good backup; a failed
 * backup audited and mailed to every notification recipient; and which old backups are kept.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditLog, emailOutbox, enquiries, jobRuns, siteSettings } from "~/db/schema";
import { createLocalStorage } from "~/features/media/storage.server";
import { setupTestDatabase } from "../../../tests/setup/database";
import { sha256 } from "./backup-manifest.server";
import { backupName, backupsToKeep } from "./backup.server";
import { createLocalBackupStore } from "./backup-store.server";
import { BACKUP_AUDIT, getBackupStatus, runDailyBackup } from "./daily-backup.server";

const { kind } = setupTestDatabase();

const NOW = new Date("2026-11-25T02:00:00.000Z");
let work: string;
beforeEach(async () => {
  work = await mkdtemp(path.join(tmpdir(), "daily-backup-test-"));
});
afterEach(async () => {
  await rm(work, { recursive: true, force: true });
});

describe("runDailyBackup", () => {
  it("backs up once a day across two racing workers, audits it and reports it as the last good backup", async () => {
    await db.insert(enquiries).values({ name: "Ada Lovelace", email: "ada@example.com", projectType: "structural", message: "A new extension for a listed building." });
    const files = createLocalStorage(path.join(work, "uploads"));
    const image = Buffer.from("not really a webp, but bytes to copy");
    await files.put("project-images/abc-1.webp", image, "image/webp");
    const store = createLocalBackupStore(path.join(work, "backups"));

    const outcomes = await Promise.all([runDailyBackup(NOW, { store, files }), runDailyBackup(NOW, { store, files })]);

    expect(outcomes.map((o) => o.status).sort()).toEqual(["completed", "skipped"]);
    expect(await store.list()).toEqual([backupName(NOW, "daily")]);
    const manifest = JSON.parse((await store.read(backupName(NOW, "daily"), "manifest.json")).toString());
    expect(manifest).toMatchObject({ trigger: "daily", database: { kind }, uploads: 1 });
    expect(manifest.counts["public.enquiries"]).toBe(1);
    expect(manifest.parts).toContainEqual({ file: "uploads/project-images/abc-1.webp", bytes: image.length, sha256: sha256(image) });
    expect(await db.select().from(jobRuns).where(eq(jobRuns.job, "daily-backup"))).toHaveLength(1);
    expect(await db.select().from(auditLog).where(eq(auditLog.action, BACKUP_AUDIT.completed))).toHaveLength(1);
    const status = await getBackupStatus();
    expect(status.lastGood).toMatchObject({ name: backupName(NOW, "daily"), location: store.location(backupName(NOW, "daily")) });
    expect(status.lastFailure).toBeNull();

    // Later the same London day: nothing new.
    expect(await runDailyBackup(new Date("2026-11-25T20:00:00.000Z"), { store, files })).toEqual({ status: "skipped" });
    expect(await store.list()).toHaveLength(1);
  });

  it("audits a failed backup and mails every notification recipient once", async () => {
    await db.insert(siteSettings).values({ id: 1, data: { notificationRecipients: ["ops@firm.test", "owner@firm.test"] } });
    const notAFolder = path.join(work, "a-file");
    await writeFile(notAFolder, "in the way");
    const store = createLocalBackupStore(notAFolder);

    const outcome = await runDailyBackup(NOW, { store, files: createLocalStorage(path.join(work, "uploads")) });

    expect(outcome.status).toBe("failed");
    const mails = await db.select().from(emailOutbox).where(eq(emailOutbox.kind, "backup.failed"));
    expect(mails.map((m) => m.to).sort()).toEqual(["ops@firm.test", "owner@firm.test"]);
    expect(mails[0]!.subject).toBe("Backup failed on 2026-11-25");
    expect(await db.select().from(auditLog).where(eq(auditLog.action, BACKUP_AUDIT.failed))).toHaveLength(1);
    expect((await getBackupStatus()).lastFailure).not.toBeNull();
    expect((await getBackupStatus()).lastGood).toBeNull();
  });
});

describe("backupsToKeep", () => {
  it("keeps the newest of each of the last 14 days and of each of the last 8 ISO weeks", () => {
    // Two backups a day (02:00 and 14:00 UTC) for 120 days up to Wednesday 25 November 2026.
    const names: string[] = [];
    for (let d = 0; d < 120; d++) {
      for (const hour of [2, 14]) names.push(backupName(new Date(Date.UTC(2026, 10, 25 - d, hour)), "daily"));
    }
    const kept = [...backupsToKeep(names, { daily: 14, weekly: 8 })].sort();

    const daily = Array.from({ length: 14 }, (_, d) => backupName(new Date(Date.UTC(2026, 10, 25 - d, 14)), "daily"));
    // The newest of each earlier week is its Sunday 14:00; this week's newest is today's.
    const weekly = Array.from({ length: 7 }, (_, w) => backupName(new Date(Date.UTC(2026, 10, 22 - 7 * w, 14)), "daily"));
    expect(kept).toEqual([...new Set([...daily, ...weekly])].sort());
    expect(kept).toHaveLength(14 + 5); // two of the weekly ones are within the last 14 days
  });
});
