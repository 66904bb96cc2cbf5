/**
 * The SSRF guard: which addresses are public, and that a guarded request refuses plain http and
 * non-public addresses (also behind a redirect), stops at its size limit and its time limit, and
 * follows redirects only as far as allowed.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkPublicHost, guardedFetch, isPublicAddress, resolvePublicHost } from "./public-address.server";

/**
 * Every range of the IANA IPv4 and IPv6 Special-Purpose Address Registries (and multicast,
 * IPv4-compatible ::/96, site-local, anything outside IPv6 global unicast), each with addresses at
 * its two ends: none may be judged public.
 */
const SPECIAL: [range: string, inside: string[]][] = [
  ["0.0.0.0/8 this network", ["0.0.0.0", "0.255.255.255"]],
  ["10.0.0.0/8 private", ["10.0.0.0", "10.255.255.255"]],
  ["100.64.0.0/10 shared (CGNAT)", ["100.64.0.0", "100.127.255.255"]],
  ["127.0.0.0/8 loopback", ["127.0.0.1", "127.255.255.255"]],
  ["169.254.0.0/16 link-local", ["169.254.0.0", "169.254.169.254", "169.254.255.255"]],
  ["172.16.0.0/12 private", ["172.16.0.0", "172.31.255.255"]],
  ["192.0.0.0/24 IETF protocol assignments (and its /29, .8, .9, .10, .170, .171)", ["192.0.0.0", "192.0.0.8", "192.0.0.9", "192.0.0.10", "192.0.0.170", "192.0.0.171", "192.0.0.255"]],
  ["192.0.2.0/24 TEST-NET-1", ["192.0.2.0", "192.0.2.255"]],
  ["192.31.196.0/24 AS112-v4", ["192.31.196.0", "192.31.196.255"]],
  ["192.52.193.0/24 AMT", ["192.52.193.0", "192.52.193.255"]],
  ["192.88.99.0/24 6to4 relay anycast", ["192.88.99.0", "192.88.99.255"]],
  ["192.168.0.0/16 private", ["192.168.0.0", "192.168.255.255"]],
  ["192.175.48.0/24 AS112 direct delegation", ["192.175.48.0", "192.175.48.255"]],
  ["198.18.0.0/15 benchmarking", ["198.18.0.0", "198.19.255.255"]],
  ["198.51.100.0/24 TEST-NET-2", ["198.51.100.0", "198.51.100.255"]],
  ["203.0.113.0/24 TEST-NET-3", ["203.0.113.0", "203.0.113.255"]],
  ["224.0.0.0/4 multicast", ["224.0.0.1", "239.255.255.255"]],
  ["240.0.0.0/4 reserved", ["240.0.0.0", "254.255.255.255"]],
  ["255.255.255.255/32 limited broadcast", ["255.255.255.255"]],
  ["::/128 unspecified", ["::"]],
  ["::1/128 loopback", ["::1", "0:0:0:0:0:0:0:1"]],
  ["::/96 IPv4-compatible", ["::7f00:1", "::127.0.0.1", "::a00:1", "::8.8.8.8", "::ffff:ffff"]],
  ["::ffff:0:0/96 IPv4-mapped, private inside", ["::ffff:127.0.0.1", "::ffff:10.0.0.1", "::ffff:7f00:1", "::ffff:192.168.1.1"]],
  ["64:ff9b::/96 NAT64, private inside", ["64:ff9b::127.0.0.1", "64:ff9b::a00:1", "64:ff9b::169.254.169.254"]],
  ["64:ff9b:1::/48 local-use NAT64", ["64:ff9b:1::", "64:ff9b:1::8.8.8.8", "64:ff9b:1:ffff:ffff:ffff:ffff:ffff"]],
  ["100::/64 discard-only", ["100::", "100::ffff:ffff:ffff:ffff"]],
  ["100:0:0:1::/64 dummy prefix", ["100:0:0:1::", "100:0:0:1:ffff:ffff:ffff:ffff"]],
  ["2001::/23 IETF protocol assignments", ["2001::", "2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff"]],
  ["2001::/32 Teredo", ["2001:0:4136:e378:8000:63bf:3fff:fdd2"]],
  ["2001:1::1/128, 2001:1::2/128, 2001:1::3/128 anycast", ["2001:1::1", "2001:1::2", "2001:1::3"]],
  ["2001:2::/48 benchmarking", ["2001:2::", "2001:2:0:ffff:ffff:ffff:ffff:ffff"]],
  ["2001:3::/32 AMT", ["2001:3::1"]],
  ["2001:4:112::/48 AS112-v6", ["2001:4:112::1"]],
  ["2001:10::/28 ORCHID (deprecated)", ["2001:10::1"]],
  ["2001:20::/28 ORCHIDv2", ["2001:20::1", "2001:2f:ffff:ffff:ffff:ffff:ffff:ffff"]],
  ["2001:30::/28 drone remote ID", ["2001:30::1"]],
  ["2001:db8::/32 documentation", ["2001:db8::", "2001:db8:ffff:ffff:ffff:ffff:ffff:ffff"]],
  ["2002::/16 6to4, private inside", ["2002:7f00:1::1", "2002:a00:1::", "2002:c0a8:101::1", "2002::"]],
  ["2620:4f:8000::/48 direct delegation AS112", ["2620:4f:8000::1"]],
  ["3fff::/20 documentation", ["3fff::", "3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff"]],
  ["5f00::/16 segment routing SIDs", ["5f00::1"]],
  ["fc00::/7 unique-local", ["fc00::", "fd12:3456::1", "fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"]],
  ["fe80::/10 link-local", ["fe80::1", "febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff"]],
  ["fec0::/10 site-local (deprecated)", ["fec0::1"]],
  ["ff00::/8 multicast", ["ff02::1", "ff0e::1"]],
  ["outside 2000::/3 global unicast", ["1::1", "4000::1", "e000::1"]],
  ["not an address", ["not-an-address", "", "2001:db8::g", "1.2.3.256"]],
];

describe("isPublicAddress", () => {
  it.each(SPECIAL)("refuses %s", (_range, inside) => {
    for (const address of inside) expect(isPublicAddress(address), address).toBe(false);
  });

  it("accepts global unicast addresses, those just outside the special ranges included", () => {
    for (const address of [
      "8.8.8.8",
      "151.101.1.69",
      "9.255.255.255",
      "11.0.0.0",
      "100.63.255.255",
      "100.128.0.0",
      "172.15.255.255",
      "172.32.0.0",
      "192.0.1.1",
      "192.167.255.255",
      "192.169.0.0",
      "198.17.255.255",
      "198.20.0.0",
      "223.255.255.255",
      "2a00:1450:4009:80b::200e",
      "2000::1",
      "2001:200::1",
      "2001:db9::1",
      "2003::1",
      "2620:4f:8001::1",
      "3ffe:ffff::1",
      "::ffff:8.8.8.8",
      "64:ff9b::8.8.8.8",
      "2002:808:808::1",
    ]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
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
    expect(await checkPublicHost("[::127.0.0.1]", false)).toBe("not-public");
    expect(await checkPublicHost("::a00:1", false)).toBe("not-public");
  });
});

describe("resolvePublicHost", () => {
  it("gives the address to connect to, or why not; a name that does not resolve is refused even when private addresses are allowed", async () => {
    expect(await resolvePublicHost("8.8.8.8", false)).toEqual({ address: "8.8.8.8" });
    expect(await resolvePublicHost("[::ffff:127.0.0.1]", false)).toEqual({ refusal: "not-public" });
    expect(await resolvePublicHost("localhost", false)).toEqual({ refusal: "local-name" });
    expect(await resolvePublicHost("localhost", true)).toEqual({ address: expect.stringMatching(/^(127\.0\.0\.1|::1)$/) });
    expect(await resolvePublicHost("[::1]", true)).toEqual({ address: "::1" });
    expect(await resolvePublicHost("no-such-host.invalid", true)).toEqual({ refusal: "not-found" });
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
      else if (req.url === "/silent") return; // never answers
      else res.writeHead(200, { "content-type": "text/plain" }).end("hello");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve))));
  const limits = { maxBytes: 1024, timeoutMs: 5_000 };

  it("refuses http, loopback and localhost without allowPrivate", async () => {
    await expect(guardedFetch(`${base}/`, undefined, { ...limits, allowPrivate: false })).rejects.toThrow("Use an https:// address.");
    await expect(guardedFetch(`https://127.0.0.1:1/`, undefined, { ...limits, allowPrivate: false })).rejects.toThrow("That address is on a private network.");
    await expect(guardedFetch(`https://[::ffff:127.0.0.1]:1/`, undefined, { ...limits, allowPrivate: false })).rejects.toThrow("That address is on a private network.");
    await expect(guardedFetch(`https://[::127.0.0.1]:1/h`, undefined, { ...limits, allowPrivate: false })).rejects.toThrow("That address is on a private network.");
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

  it("gives up at its time limit, even when garbage is collected while it waits", async () => {
    // Node 20 could collect a signal of AbortSignal.timeout combined by AbortSignal.any before it
    // fired, and the request then waited for ever: a full collection at once shows it.
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const started = performance.now();
    const waiting = guardedFetch(`${base}/silent`, undefined, { ...limits, timeoutMs: 300, allowPrivate: true });
    const caller = new AbortController();
    const withSignal = guardedFetch(`${base}/silent`, { signal: caller.signal }, { ...limits, timeoutMs: 300, allowPrivate: true });
    gc();
    await new Promise((resolve) => setTimeout(resolve, 20));
    gc();
    await expect(waiting).rejects.toThrow("The server took too long to answer.");
    await expect(withSignal).rejects.toThrow("The server took too long to answer.");
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it("refuses credentials in the address", async () => {
    await expect(guardedFetch(`https://user:secret@example.com/`, undefined, { ...limits, allowPrivate: false })).rejects.toThrow("Put the user name and password in their own fields");
  });
});
