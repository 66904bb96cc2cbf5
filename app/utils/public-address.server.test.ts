/**
 * The SSRF guard: which addresses are public, and that a guarded request refuses plain http and
 * non-public addresses (also behind a redirect), stops at its size limit, and follows redirects
 * only as far as allowed.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkPublicHost, guardedFetch, isPublicAddress } from "./public-address.server";

describe("isPublicAddress", () => {
  it("refuses loopback, private, link-local, CGNAT, unique-local, mapped and reserved addresses", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.10",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "255.255.255.255",
      "224.0.0.1",
      "::1",
      "::",
      "fe80::1",
      "fd12:3456::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
      "2001:db8::1",
      "not-an-address",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it("accepts public IPv4 and IPv6 addresses, mapped ones included", () => {
    for (const address of ["8.8.8.8", "151.101.1.69", "2a00:1450:4009:80b::200e", "::ffff:8.8.8.8"]) expect(isPublicAddress(address), address).toBe(true);
  });
});

describe("checkPublicHost", () => {
  it("names why a host is refused, unless private addresses are allowed", async () => {
    expect(await checkPublicHost("localhost", false)).toBe("local-name");
    expect(await checkPublicHost("calendar.localhost", false)).toBe("local-name");
    expect(await checkPublicHost("[::1]", false)).toBe("not-public");
    expect(await checkPublicHost("192.168.0.5", false)).toBe("not-public");
    expect(await checkPublicHost("8.8.8.8", false)).toBeNull();
    expect(await checkPublicHost("127.0.0.1", true)).toBeNull();
  });
});

describe("guardedFetch", () => {
  let server: Server;
  let base = "";
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === "/big") res.writeHead(200).end(Buffer.alloc(4096, 65));
      else if (req.url === "/loop") res.writeHead(302, { location: "/loop" }).end();
      else if (req.url === "/to-https-loopback") res.writeHead(302, { location: "https://127.0.0.1:1/x" }).end();
      else res.writeHead(200, { "content-type": "text/plain" }).end("hello");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  const limits = { maxBytes: 1024, timeoutMs: 5_000 };

  it("refuses http, loopback and localhost without allowPrivate", async () => {
    await expect(guardedFetch(`${base}/`, undefined, { ...limits, allowPrivate: false })).rejects.toThrow("Use an https:// address.");
    await expect(guardedFetch(`https://127.0.0.1:1/`, undefined, { ...limits, allowPrivate: false })).rejects.toThrow("That address is on a private network.");
    await expect(guardedFetch(`https://[::ffff:127.0.0.1]:1/`, undefined, { ...limits, allowPrivate: false })).rejects.toThrow("That address is on a private network.");
    // A name is checked where the socket resolves it, so what is connected to is what was checked.
    await expect(guardedFetch(`https://localhost:1/`, undefined, { ...limits, allowPrivate: false })).rejects.toThrow("That address is on a private network.");
  });

  it("reads a private server when allowed, within the size limit and the redirect limit", async () => {
    const response = await guardedFetch(`${base}/hello`, undefined, { ...limits, allowPrivate: true });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("hello");
    await expect(guardedFetch(`${base}/big`, undefined, { ...limits, allowPrivate: true })).rejects.toThrow("The server sent more than 1 KB.");
    await expect(guardedFetch(`${base}/loop`, undefined, { ...limits, allowPrivate: true })).rejects.toThrow("The address redirects too many times.");
  });

  it("refuses credentials in the address", async () => {
    await expect(guardedFetch(`https://user:secret@example.com/`, undefined, { ...limits, allowPrivate: false })).rejects.toThrow("Put the user name and password in their own fields");
  });
});
