/**
 * What the app writes outside the database is its owner's alone, whatever the process umask:
 * mail written to the outbox folder, uploads on local disk and local backups are 0600 in 0700
 * folders, and a folder an older version made 0755 is narrowed to 0700.
 */
import { mkdir, mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMailTransport } from "~/features/mail/transport.server";
import { createLocalStorage } from "~/features/media/storage.server";
import { createLocalBackupStore } from "~/features/operations/backup-store.server";

let work: string;
let umask: number;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "private-files-"));
  umask = process.umask(0o022); // the usual default, which would give 0644 and 0755
});
afterAll(async () => {
  process.umask(umask);
  await rm(work, { recursive: true, force: true });
});

const modeOf = async (p: string) => ((await stat(p)).mode & 0o777).toString(8);

describe("files written by the app", () => {
  it("mail written to the outbox folder is 0600 in a 0700 folder", async () => {
    const dir = path.join(work, "outbox");
    const sent = await createMailTransport({ smtpUrl: null, outboxDir: dir }).send({ to: "a@b.test", subject: "Hi", html: "<p>Hi</p>", text: "Hi" });
    expect(await modeOf(dir)).toBe("700");
    expect(await modeOf(sent.file!)).toBe("600");
  });

  it("uploads on local disk are 0600 in 0700 folders, and an older 0755 root is narrowed", async () => {
    const root = path.join(work, "uploads");
    await mkdir(root, { mode: 0o755 });
    await createLocalStorage(root).put("project-images/a.webp", Buffer.from("image"), "image/webp");
    expect(await modeOf(root)).toBe("700");
    expect(await modeOf(path.join(root, "project-images"))).toBe("700");
    expect(await modeOf(path.join(root, "project-images/a.webp"))).toBe("600");
  });

  it("a local backup's folders and files are 0700 and 0600", async () => {
    const root = path.join(work, "backups");
    const store = createLocalBackupStore(root);
    await store.write("backup-x", "uploads/project-images/a.webp", Buffer.from("image"));
    await store.seal("backup-x", Buffer.from("{}"));
    for (const p of ["", "backup-x", "backup-x/uploads", "backup-x/uploads/project-images"]) expect(await modeOf(path.join(root, p)), p).toBe("700");
    for (const p of ["backup-x/manifest.json", "backup-x/uploads/project-images/a.webp"]) expect(await modeOf(path.join(root, p)), p).toBe("600");
  });
});
