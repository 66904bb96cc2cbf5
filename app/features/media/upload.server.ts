/**
 * Reads `POST /admin/media/upload` (multipart/form-data) while it streams, with busboy: the request
 * body is capped while it streams (413), never buffered whole. At most one file of
 * `MAX_UPLOAD_BYTES` is kept in memory; bytes past that are counted, not kept, and the whole body
 * is cut off at `MAX_UPLOAD_BODY_BYTES` (the 6 MB cap `server/request-body.ts` sets for this path).
 */
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { ImageRejectedError, MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from "./pipeline.server";

/** The cap on the whole request body of an upload, in bytes (6 MB: the file plus form overhead). */
export const MAX_UPLOAD_BODY_BYTES = 6 * 1024 * 1024;

/** A parsed upload: the file (if any) and the text fields. */
export type ParsedUpload = {
  file: { bytes: Buffer; name: string } | null;
  fields: Record<string, string>;
};

/**
 * Parses a multipart upload request. Throws `ImageRejectedError`:
 * - 413 'Image must be smaller than 5MB' when the file passes 5 MB or the body passes 6 MB
 *   (the rest of the body is then not read);
 * - 415 'Please select an image file' for a body that is not multipart/form-data;
 * - 400 for a malformed multipart body.
 */
export async function readUpload(request: Request): Promise<ParsedUpload> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data/i.test(contentType) || !request.body) {
    throw new ImageRejectedError(UPLOAD_MESSAGES.notImage, 415);
  }
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > MAX_UPLOAD_BODY_BYTES) throw new ImageRejectedError(UPLOAD_MESSAGES.tooLarge, 413);

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: { files: 1, fileSize: MAX_UPLOAD_BYTES, fields: 10, fieldSize: 4096, parts: 12 },
    });
  } catch {
    throw new ImageRejectedError("The upload could not be read.", 400);
  }

  const result: ParsedUpload = { file: null, fields: {} };
  let fileTooLarge = false;
  let fileDone: Promise<void> = Promise.resolve();

  parser.on("field", (name, value) => {
    result.fields[name] = value;
  });
  parser.on("file", (_name, stream, info) => {
    if (result.file) {
      stream.resume();
      return;
    }
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("limit", () => {
      fileTooLarge = true;
    });
    fileDone = new Promise((resolve, reject) => {
      stream.on("end", () => {
        result.file = { bytes: Buffer.concat(chunks), name: info.filename ?? "upload" };
        resolve();
      });
      stream.on("error", reject);
    });
    // Awaited after the pipeline; when the pipeline fails first its error is the one reported.
    fileDone.catch(() => undefined);
  });

  let seen = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > MAX_UPLOAD_BODY_BYTES) callback(new ImageRejectedError(UPLOAD_MESSAGES.tooLarge, 413));
      else callback(null, chunk);
    },
  });

  try {
    await pipeline(Readable.fromWeb(request.body as unknown as WebReadableStream<Uint8Array>), cap, parser);
    await fileDone;
  } catch (error) {
    if (error instanceof ImageRejectedError) throw error;
    throw new ImageRejectedError("The upload could not be read.", 400);
  }
  if (fileTooLarge) throw new ImageRejectedError(UPLOAD_MESSAGES.tooLarge, 413);
  return result;
}
