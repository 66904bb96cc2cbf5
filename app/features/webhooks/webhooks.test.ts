/**
 * Webhooks end to end against a local HTTP receiver (allowed by WEBHOOK_ALLOW_PRIVATE=true here):
 * events recorded with the enquiry or booking change, delivered by the worker's batch, signatures
 * checked with the Standard Webhooks library, a failing receiver retried on the schedule (an
 * injected clock, no real waits) and given up, the delivery log, secret rotation, the body kept
 * only while it may still be sent, and the SSRF refusals without the setting (DNS answers faked).
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.WEBHOOK_ALLOW_PRIVATE = "true";
});

// Names the tests resolve without a network: `rebind.example` looks public to the check made when
// saving and resolves to loopback where the socket connects (DNS rebinding); `loopback.example`
// resolves to 127.0.0.1 everywhere.
vi.mock("node:dns", async (original) => {
  const dns = await original<typeof import("node:dns")>();
  const lookup = ((hostname: string, options: object, callback: (...args: unknown[]) => void) => {
    if (hostname === "rebind.example" || hostname === "loopback.example") return callback(null, [{ address: "127.0.0.1", family: 4 }]);
    return dns.lookup(hostname, options, callback as never);
  }) as unknown as typeof dns.lookup;
  return { ...dns, default: { ...dns, lookup }, lookup };
});
vi.mock("node:dns/promises", async (original) => {
  const dns = await original<typeof import("node:dns/promises")>();
  const lookup = (async (hostname: string, options: object) => {
    if (hostname === "rebind.example") return [{ address: "93.184.216.34", family: 4 }];
    if (hostname === "loopback.example") return [{ address: "127.0.0.1", family: 4 }];
    return dns.lookup(hostname, options as never);
  }) as typeof dns.lookup;
  return { ...dns, default: { ...dns, lookup }, lookup };
});

import { db } from "~/db/client.server";
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from "~/db/schema";
import { updateBookingByAdmin } from "~/features/consultations/bookings/index.server";
import { anonymiseEnquiries } from "~/features/data-protection/anonymise.server";
import { findSubjectRecords } from "~/features/data-protection/subject-access.server";
import { addBooking, addEnquiry, addSlot } from "~/features/data-protection/test-factories";
import { sendReply } from "~/features/enquiries/conversation.server";
import { checkPublicHttpUrl, guardedFetch, OutboundError } from "~/utils/public-address.server";
import { setupTestDatabase } from "../../../tests/setup/database";
import { MAX_WEBHOOK_ATTEMPTS, processWebhookBatch, RETRY_DELAYS_MS, webhookMessageId } from "./delivery.server";
import { createWebhookEndpoint, getWebhookEndpoint, PREVIOUS_SECRET_VALID_MS, rotateWebhookSecret, sendTestWebhook, updateWebhookEndpoint } from "./endpoints.server";
import type { WebhookEndpointInput } from "./schema";

setupTestDatabase();

type Received = { path: string; headers: IncomingHttpHeaders; body: string };
const received: Received[] = [];
/** What the receiver answers next: a status, a body and extra headers. */
let answer: { status: number; body?: string; headers?: Record<string, string> } = { status: 200 };
let server: Server;
let base = "";

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(answer.status, answer.headers ?? {});
      res.end(answer.body ?? "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received.length = 0;
  answer = { status: 200 };
});

const actor = { userId: "user-1", email: "boss@meridian.example" };
const staff = { userId: "user-1", name: "Priya Shah", email: "priya@meridian.example" };
const input = (over: Partial<WebhookEndpointInput> = {}): WebhookEndpointInput => ({
  url: `${base}/hooks`,
  description: "CRM",
  events: ["enquiry.replied", "booking.confirmed"],
  enabled: true,
  ...over,
});

async function addEndpoint(over: Partial<WebhookEndpointInput> = {}) {
  const created = await createWebhookEndpoint(actor, input(over));
  if (!created.ok) throw new Error(JSON.stringify(created.errors));
  return created.value;
}

const deliveries = () => db.select().from(webhookDeliveries);

describe("a delivered event", () => {
  it("is recorded with the reply, sent by the worker, signed so the library verifies it, and logged", async () => {
    const { id: endpointId, secret } = await addEndpoint();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const enquiry = await addEnquiry({ company: "Analytical Engines Ltd", internalNotes: "Pays late" });
    const now = new Date();
    expect(await sendReply(staff, enquiry.id, { body: "Thank you, we can help." }, now)).toMatchObject({ ok: true });

    const [queued] = await deliveries();
    expect(queued).toMatchObject({ endpointId, eventType: "enquiry.replied", enquiryId: enquiry.id, status: "pending" });
    expect(received).toHaveLength(0); // nothing is sent in the request that made the change

    expect(await processWebhookBatch({ now })).toMatchObject({ claimed: 1, delivered: 1 });
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request!.path).toBe("/hooks");
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(request!.headers["webhook-id"]).toBe(webhookMessageId(queued!.id));
    const payload = new Webhook(secret).verify(request!.body, request!.headers as Record<string, string>);
    expect(payload).toEqual({
      type: "enquiry.replied",
      timestamp: now.toISOString(),
      data: {
        enquiry: {
          id: enquiry.id,
          name: "Ada Lovelace",
          email: "ada@client.example",
          company: "Analytical Engines Ltd",
          projectType: "General Enquiry",
          status: "responded",
          createdAt: enquiry.createdAt.toISOString(),
          url: `http://localhost:3000/admin/enquiries?id=${enquiry.id}`,
          language: "en",
        },
        reply: { from: "staff", at: now.toISOString() },
      },
    });
    expect(request!.body).not.toContain("Pays late");
    expect(request!.body).not.toContain("we can help");
    // A wrong secret does not verify.
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 1).toString("base64")}`).verify(request!.body, request!.headers as Record<string, string>)).toThrow();

    // Delivered: the body is not kept; the log has the attempt.
    const [done] = await deliveries();
    expect(done).toMatchObject({ status: "delivered", body: null, attempts: 1 });
    const page = await getWebhookEndpoint(endpointId);
    expect(page!.log).toEqual([
      expect.objectContaining({ eventType: "enquiry.replied", attempt: 1, statusCode: 200, error: null, deliveryStatus: "delivered" }),
    ]);
    expect(page!.log[0]!.durationMs).toBeGreaterThanOrEqual(0);
    expect(page!.pending).toBe(0);
    expect(page!.nextAttemptAt).toBeNull();
  });

  it("goes only to enabled endpoints subscribed to its type, and a booking confirmed by staff is one", async () => {
    const wanted = await addEndpoint({ events: ["booking.confirmed"] });
    await addEndpoint({ events: ["booking.cancelled"] });
    await addEndpoint({ events: ["booking.confirmed"], enabled: false });
    const slot = await addSlot("2030-03-04");
    const booking = await addBooking(slot.id, "pending", { durationMinutes: 60 });
    await updateBookingByAdmin(actor, booking.id, { status: "confirmed" });
    const rows = await deliveries();
    expect(rows.map((r) => [r.endpointId, r.eventType, r.bookingId])).toEqual([[wanted.id, "booking.confirmed", booking.id]]);
    await processWebhookBatch();
    const payload = new Webhook(wanted.secret).verify(received[0]!.body, received[0]!.headers as Record<string, string>) as { data: { booking: Record<string, unknown> } };
    expect(payload.data.booking).toMatchObject({ id: booking.id, status: "confirmed", start: `2030-03-04T${slot.startTime.slice(0, 5)}:00.000Z`, durationMinutes: 60, company: "Analytical Engines Ltd" });
    expect(received[0]!.body).not.toContain("Step-free");
    expect(received[0]!.body).not.toContain("+44");
  });

  it("sends a test event to one endpoint on request, whatever it subscribes to", async () => {
    const { id, secret } = await addEndpoint();
    expect(await sendTestWebhook(id)).toBe(true);
    await processWebhookBatch();
    expect(new Webhook(secret).verify(received[0]!.body, received[0]!.headers as Record<string, string>)).toMatchObject({ type: "webhook.test" });
    await updateWebhookEndpoint(actor, id, input({ enabled: false }));
    expect(await sendTestWebhook(id)).toBe(false);
  });
});

describe("two workers", () => {
  it("send each delivery once", async () => {
    const { id } = await addEndpoint();
    for (let i = 0; i < 6; i++) await sendTestWebhook(id);
    const results = await Promise.all([processWebhookBatch({ limit: 4 }), processWebhookBatch({ limit: 4 }), processWebhookBatch({ limit: 4 })]);
    expect(results.reduce((n, r) => n + r.delivered, 0)).toBe(6);
    expect(new Set(received.map((r) => r.headers["webhook-id"])).size).toBe(6);
    expect(received).toHaveLength(6);
    expect(await db.select().from(webhookAttempts)).toHaveLength(6);
  });
});

describe("a failing receiver", () => {
  it("is retried after 5 s, 5 min, 30 min, 2 h, 5 h and 10 h, then the delivery fails; every attempt is logged", async () => {
    const { id } = await addEndpoint();
    answer = { status: 500, body: "x".repeat(5000) };
    const start = new Date("2030-01-07T09:00:00Z");
    await sendTestWebhook(id, start);
    let now = start;
    for (let attempt = 1; attempt <= MAX_WEBHOOK_ATTEMPTS; attempt++) {
      expect(await processWebhookBatch({ now })).toMatchObject({ claimed: 1 });
      expect(received).toHaveLength(attempt);
      const delay = RETRY_DELAYS_MS[attempt - 1];
      if (delay === undefined) break;
      // Not before its time.
      expect(await processWebhookBatch({ now: new Date(now.getTime() + delay - 1) })).toMatchObject({ claimed: 0 });
      now = new Date(now.getTime() + delay);
    }
    const [gaveUp] = await deliveries();
    expect(gaveUp).toMatchObject({ status: "failed", attempts: 7, body: null });
    expect(await processWebhookBatch({ now: new Date(now.getTime() + 86_400_000) })).toMatchObject({ claimed: 0 });
    // The same webhook-id on every attempt.
    expect(new Set(received.map((r) => r.headers["webhook-id"]))).toEqual(new Set([webhookMessageId(gaveUp!.id)]));

    const { log } = (await getWebhookEndpoint(id))!;
    expect(log.map((l) => [l.attempt, l.statusCode, l.deliveryStatus])).toEqual([7, 6, 5, 4, 3, 2, 1].map((n) => [n, 500, "failed"]));
    expect(log[0]!.responseBody).toHaveLength(1024);
  });

  it("then accepting, is delivered on the retry", async () => {
    const { id } = await addEndpoint();
    const now = new Date();
    await sendTestWebhook(id, now);
    answer = { status: 503 };
    expect(await processWebhookBatch({ now })).toMatchObject({ retried: 1 });
    // The log says when the waiting delivery is tried next: 5 seconds on (never in the past).
    expect(await getWebhookEndpoint(id, now)).toMatchObject({ pending: 1, nextAttemptAt: new Date(now.getTime() + 5_000).toISOString() });
    expect(await getWebhookEndpoint(id, new Date(now.getTime() + 60_000))).toMatchObject({ pending: 1, nextAttemptAt: new Date(now.getTime() + 60_000).toISOString() });
    answer = { status: 204 };
    expect(await processWebhookBatch({ now: new Date(now.getTime() + 5_000) })).toMatchObject({ delivered: 1 });
    const { log } = (await getWebhookEndpoint(id))!;
    expect(log.map((l) => [l.attempt, l.statusCode, l.deliveryStatus])).toEqual([
      [2, 204, "delivered"],
      [1, 503, "delivered"],
    ]);
  });

  it("a redirect is not followed: it counts as a failure", async () => {
    const { id } = await addEndpoint();
    answer = { status: 302, headers: { location: `${base}/elsewhere` } };
    await sendTestWebhook(id);
    expect(await processWebhookBatch()).toMatchObject({ retried: 1 });
    expect(received.map((r) => r.path)).toEqual(["/hooks"]);
    expect((await getWebhookEndpoint(id))!.log[0]).toMatchObject({ statusCode: 302 });
  });

  it("an unreachable receiver is logged with the reason", async () => {
    const { id } = await addEndpoint({ url: "http://127.0.0.1:9/hooks" });
    await sendTestWebhook(id);
    expect(await processWebhookBatch()).toMatchObject({ retried: 1 });
    expect((await getWebhookEndpoint(id))!.log[0]).toMatchObject({ statusCode: null, error: "The server refused the connection." });
  });
});

describe("secret rotation", () => {
  it("signs with the old and the new secret for 24 hours, then with the new one only", async () => {
    const { id, secret: old } = await addEndpoint();
    const rotatedAt = new Date();
    const fresh = (await rotateWebhookSecret(actor, id, rotatedAt))!;
    expect(fresh).not.toBe(old);
    await sendTestWebhook(id);
    await processWebhookBatch();
    const headers = received[0]!.headers as Record<string, string>;
    expect(headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(new Webhook(old).verify(received[0]!.body, headers)).toMatchObject({ type: "webhook.test" });
    expect(new Webhook(fresh).verify(received[0]!.body, headers)).toMatchObject({ type: "webhook.test" });

    // A day later the worker drops the old secret.
    await processWebhookBatch({ now: new Date(rotatedAt.getTime() + PREVIOUS_SECRET_VALID_MS) });
    const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(row).toMatchObject({ previousSecretEncrypted: null, previousSecretExpiresAt: null });
    expect(row!.secretEncrypted).not.toContain(fresh.slice(6, 20)); // encrypted at rest
    await sendTestWebhook(id);
    await processWebhookBatch();
    const later = received[1]!.headers as Record<string, string>;
    expect(later["webhook-signature"]!.split(" ")).toHaveLength(1);
    expect(() => new Webhook(old).verify(received[1]!.body, later)).toThrow();
    expect(new Webhook(fresh).verify(received[1]!.body, later)).toMatchObject({ type: "webhook.test" });
  });
});

describe("data protection", () => {
  it("anonymising an enquiry withdraws its waiting events and clears the answers logged for it", async () => {
    const { id } = await addEndpoint();
    const enquiry = await addEnquiry();
    await sendReply(staff, enquiry.id, { body: "First" });
    answer = { status: 500, body: "echo ada@client.example" };
    await processWebhookBatch();
    expect((await getWebhookEndpoint(id))!.log[0]!.responseBody).toBe("echo ada@client.example");
    // The person's subject-access export lists it, with where it went (the origin only) and how it went.
    const { webhooks } = await findSubjectRecords("Ada@Client.example");
    expect(webhooks).toEqual([
      expect.objectContaining({ eventType: "enquiry.replied", enquiryId: enquiry.id, sentTo: base, status: "pending", attempts: [expect.objectContaining({ statusCode: 500 })] }),
    ]);

    await db.transaction((tx) => anonymiseEnquiries(tx, [enquiry.id], new Date()));
    const [withdrawn] = await deliveries();
    expect(withdrawn).toMatchObject({ status: "failed", body: null });
    expect((await db.select().from(webhookAttempts))[0]!.responseBody).toBeNull();
    expect(await processWebhookBatch({ now: new Date(Date.now() + 86_400_000) })).toMatchObject({ claimed: 0 });
  });
});

describe("SSRF", () => {
  it("refuses http, loopback, private and link-local addresses and a name resolving to loopback without WEBHOOK_ALLOW_PRIVATE", async () => {
    expect(await checkPublicHttpUrl("http://hooks.example.com/x", false)).toBe("Use an https:// address.");
    for (const url of ["https://127.0.0.1/x", "https://10.1.2.3/x", "https://[::1]/x", "https://169.254.169.254/latest", "https://192.168.1.5/", "https://loopback.example/x", "https://localhost/x"]) {
      expect(await checkPublicHttpUrl(url, false), url).toMatch(/private network/);
    }
    expect(await checkPublicHttpUrl("https://user:pw@93.184.216.34/", false)).toBe("Take the user name and password out of the address.");
    expect(await checkPublicHttpUrl("https://93.184.216.34/hooks", false)).toBeNull();
    expect(await checkPublicHttpUrl("http://127.0.0.1:8080/hooks", true)).toBeNull();

    const refused = await createWebhookEndpoint(actor, input({ url: "https://10.0.0.7/hooks" }), false);
    expect(refused).toEqual({ ok: false, errors: { url: ["Use a public address: this one is on a private network."] } });
    expect(await db.select().from(webhookEndpoints)).toHaveLength(0);
  });

  it("checks the address the socket connects to, so a name that turns private after the check is refused", async () => {
    const port = (server.address() as AddressInfo).port;
    // Passes the check made when saving (the name looks public then)...
    expect(await checkPublicHttpUrl(`https://rebind.example:${port}/hooks`, false)).toBeNull();
    // ...but the connection resolves it to 127.0.0.1 and is refused there.
    const options = { allowPrivate: false, maxBytes: 1024, timeoutMs: 2_000 };
    await expect(guardedFetch(`https://rebind.example:${port}/hooks`, { method: "POST", body: "{}" }, options)).rejects.toThrow(new OutboundError("That address is on a private network.", "refused"));
    await expect(guardedFetch(`https://127.0.0.1:${port}/hooks`, { method: "POST", body: "{}" }, options)).rejects.toThrow("That address is on a private network.");
    await expect(guardedFetch(`https://[::1]:${port}/hooks`, { method: "POST", body: "{}" }, options)).rejects.toThrow("That address is on a private network.");
    expect(received).toHaveLength(0);
  });
});
