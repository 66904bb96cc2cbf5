/**
 * `POST /admin/media/upload` as staff and strangers would call it: any staff
 * role may upload; the body is read as a stream and cut off past its caps (413); the type comes
 * from the bytes (415); every refusal leaves no row.
 */
import { afterAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { media } from "~/db/schema";
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from "~/features/media/rules";
import { storage } from "~/features/media/storage.server";
import { action } from "~/routes/admin/media-upload";
import { createStaffSession, outcome, TEST_ORIGIN } from "../setup/admin-session";
import { setupTestDatabase } from "../setup/database";
import { PDF_DOCUMENT, photoJpeg } from "../setup/images";

setupTestDatabase();

const createdKeys: string[] = [];
afterAll(async () => {
  await storage().delete(createdKeys);
});

function form(file: Blob | null, name: string, alt = "Steel frame at dusk"): FormData {
  const body = new FormData();
  body.set("alt", alt);
  if (file) body.set("file", file, name);
  return body;
}

const call = (request: Request) => outcome(() => action({ request, params: {}, context: {} } as unknown as Parameters<typeof action>[0]));

async function json(result: { value?: unknown }): Promise<{ ok: boolean; message?: string; media?: { url: string; width: number } }> {
  return (result.value as Response).json();
}

describe("POST /admin/media/upload", () => {
  it("sends a visitor without a session to the login page", async () => {
    const request = new Request(`${TEST_ORIGIN}/admin/media/upload`, { method: "POST", headers: { origin: TEST_ORIGIN }, body: form(new Blob([new Uint8Array(await photoJpeg(400, 300))]), "a.jpg") });
    const result = await call(request);
    expect(result.status).toBe(302);
    expect(result.location).toMatch(/^\/admin\/login/);
  });

  it("stores an editor's JPEG and answers 201 with its library entry", async () => {
    const editor = await createStaffSession("editor");
    const result = await call(editor.request("/admin/media/upload", { method: "POST", body: form(new Blob([new Uint8Array(await photoJpeg(800, 500))], { type: "image/jpeg" }), "site.jpg") }));
    expect(result.status).toBe(201);
    const body = await json(result);
    expect(body.ok).toBe(true);
    expect(body.media?.url).toMatch(/^\/uploads\/project-images\/[0-9a-f]{16}-\d{13}\.jpg$/);
    const [row] = await db.select().from(media);
    createdKeys.push(row!.storageKey, ...row!.variants.map((v) => v.key));
    expect(row!.altText).toBe("Steel frame at dusk");
    expect(await storage().exists(row!.storageKey)).toBe(true);
  });

  it("refuses 5 MB + 1 byte with 413 and the spec's message", async () => {
    const editor = await createStaffSession("editor");
    const result = await call(editor.request("/admin/media/upload", { method: "POST", body: form(new Blob([new Uint8Array(MAX_UPLOAD_BYTES + 1)]), "big.jpg") }));
    expect(result.status).toBe(413);
    expect((await json(result)).message).toBe(UPLOAD_MESSAGES.tooLarge);
    expect(await db.select().from(media)).toHaveLength(0);
  });

  it("cuts off a streamed body past 6 MB without reading the rest", async () => {
    const editor = await createStaffSession("admin");
    let sent = 0;
    const chunk = new Uint8Array(256 * 1024).fill(65);
    const boundary = "----media-test";
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`));
      },
      pull(controller) {
        sent += chunk.length;
        if (sent > 64 * 1024 * 1024) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const request = editor.request("/admin/media/upload", {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      body: stream,
      duplex: "half",
    } as RequestInit);
    const result = await call(request);
    expect(result.status).toBe(413);
    expect((await json(result)).message).toBe(UPLOAD_MESSAGES.tooLarge);
    expect(sent).toBeLessThan(8 * 1024 * 1024);
  });

  it("refuses a PDF named .jpg and a non-multipart body with 415", async () => {
    const editor = await createStaffSession("super_admin");
    const pdf = await call(editor.request("/admin/media/upload", { method: "POST", body: form(new Blob([new Uint8Array(PDF_DOCUMENT)], { type: "image/jpeg" }), "scan.jpg") }));
    expect(pdf.status).toBe(415);
    expect((await json(pdf)).message).toBe(UPLOAD_MESSAGES.notImage);
    const jsonBody = await call(editor.request("/admin/media/upload", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }));
    expect(jsonBody.status).toBe(415);
    expect(await db.select().from(media)).toHaveLength(0);
  });
});
