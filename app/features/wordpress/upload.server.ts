/**
 * Receiving a WordPress export uploaded in the portal: the multipart body is streamed with busboy
 * straight into a new file under DATA_DIR/wordpress-imports (mode 0600, folder 0700), never held in
 * memory, and cut off at MAX_EXPORT_BYTES: a larger file is refused with 413 and what was written
 * of it deleted.
 */
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { env } from "~/utils/env.server";
import { ensurePrivateDir, PRIVATE_FILE_MODE } from "~/utils/private-files.server";
import { MAX_EXPORT_BYTES, MAX_EXPORT_BODY_BYTES, UPLOAD_TOO_LARGE } from "./import-form";

/** Why an upload is refused: the HTTP status and a message for the person uploading. */
export class ExportUploadError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 | 415,
  ) {
    super(message);
  }
}

/** The folder uploaded exports wait in until their run is done: DATA_DIR/wordpress-imports. */
export function exportsDir(): string {
  return path.resolve(env.DATA_DIR, "wordpress-imports");
}

/** An export written to disk: where, the name it was uploaded as, and its size in bytes. */
export type ReceivedExport = { file: string; name: string; bytes: number };

/**
 * Streams the `file` part of `request` (multipart/form-data) to a new private file. Throws
 * {@link ExportUploadError}: 413 past MAX_EXPORT_BYTES (nothing kept), 415 for a body that is not
 * multipart, 400 for no file, an empty one or a malformed body. A failure of this server's own disk
 * (a system call's error such as ENOSPC writing the file) is rethrown as it is, for a 500: the
 * upload was not at fault. Whatever fails, the partly written file is deleted.
 */
export async function receiveExport(request: Request): Promise<ReceivedExport> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(contentType) || !request.body) throw new ExportUploadError("Send the export as a file upload.", 415);
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > MAX_EXPORT_BODY_BYTES) throw new ExportUploadError(UPLOAD_TOO_LARGE, 413);
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: { "content-type": contentType }, limits: { files: 1, fileSize: MAX_EXPORT_BYTES, fields: 5, fieldSize: 1024, parts: 6 } });
  } catch {
    throw new ExportUploadError("The upload could not be read.", 400);
  }
  const dir = exportsDir();
  await ensurePrivateDir(dir);
  const file = path.join(dir, `${randomUUID()}.xml`);
  let received: ReceivedExport | null = null;
  let tooLarge = false;
  let written: Promise<void> = Promise.resolve();
  parser.on("file", (_name, stream, info) => {
    if (received) {
      stream.resume();
      return;
    }
    received = { file, name: (info.filename || "export.xml").slice(0, 200), bytes: 0 };
    const entry = received;
    stream.on("data", (chunk: Buffer) => {
      entry.bytes += chunk.length;
    });
    stream.on("limit", () => {
      tooLarge = true;
    });
    written = pipeline(stream, createWriteStream(file, { flags: "wx", mode: PRIVATE_FILE_MODE }));
    // A failed write ends the body's pipeline too (busboy would otherwise wait for ever for the
    // file's stream to be read), with the write's error; when the body fails first, its error is
    // the one reported.
    written.catch((error: unknown) => parser.destroy(error as Error));
  });
  let seen = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > MAX_EXPORT_BODY_BYTES) callback(new ExportUploadError(UPLOAD_TOO_LARGE, 413));
      else callback(null, chunk);
    },
  });
  try {
    await pipeline(Readable.fromWeb(request.body as unknown as WebReadableStream<Uint8Array>), cap, parser);
    await written;
    if (tooLarge) throw new ExportUploadError(UPLOAD_TOO_LARGE, 413);
    const got = received as ReceivedExport | null;
    if (!got || got.bytes === 0) throw new ExportUploadError("Choose a WordPress export file (.xml) to upload.", 400);
    return got;
  } catch (error) {
    await rm(file, { force: true });
    if (error instanceof ExportUploadError || isSystemCallError(error)) throw error;
    throw new ExportUploadError("The upload could not be read.", 400);
  }
}

/** Whether `error` is Node's error of a failed system call (it names the call: open, write…). */
function isSystemCallError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).syscall === "string";
}
