/**
 * Start-up rules of the environment (issue 9 item 8, issue 18 findings 4 and 8): the server
 * listens on 127.0.0.1 unless told otherwise; local defaults apply only there. Production on any
 * other address needs PUBLIC_URL and BETTER_AUTH_SECRET, named when missing; a public PUBLIC_URL
 * behind a local proxy needs the secret too.
 */
import { describe, expect, it } from "vitest";
import { isLocalRun, isLoopbackHost, loadEnv, trustProxyWarning } from "./env.server";

const SECRET = "a-long-random-secret-a-long-random-secret";

describe("loadEnv", () => {
  it("listens on 127.0.0.1 by default, and a production build there is a local run on http://localhost:$PORT", () => {
    const local = loadEnv({ NODE_ENV: "production", PORT: "4100" });
    expect(local).toMatchObject({ HOST: "127.0.0.1", PUBLIC_URL: "http://localhost:4100" });
    expect(isLocalRun(local)).toBe(true);
    expect(isLocalRun(loadEnv({ NODE_ENV: "production", HOST: "::1", PUBLIC_URL: "http://127.0.0.1:3000" }))).toBe(true);
  });

  it("refuses to start in production on a non-loopback address without PUBLIC_URL and BETTER_AUTH_SECRET, naming each missing one", () => {
    for (const HOST of ["0.0.0.0", "::", "192.0.2.10", "www.example.com"]) {
      expect(() => loadEnv({ NODE_ENV: "production", HOST })).toThrow(/not a loopback address[\s\S]*PUBLIC_URL[\s\S]*BETTER_AUTH_SECRET/);
    }
    expect(() => loadEnv({ NODE_ENV: "production", HOST: "0.0.0.0", BETTER_AUTH_SECRET: SECRET })).toThrow(/this variable is required:\n {2}PUBLIC_URL/);
    expect(() => loadEnv({ NODE_ENV: "production", HOST: "0.0.0.0", PUBLIC_URL: "https://www.example.com" })).toThrow(
      /this variable is required:\n {2}BETTER_AUTH_SECRET/,
    );
    // Even a loopback PUBLIC_URL does not make a publicly listening server a local run.
    expect(() => loadEnv({ NODE_ENV: "production", HOST: "0.0.0.0", PUBLIC_URL: "http://localhost:3000" })).toThrow(/BETTER_AUTH_SECRET/);
    const full = loadEnv({ NODE_ENV: "production", HOST: "0.0.0.0", PUBLIC_URL: "https://www.example.com", BETTER_AUTH_SECRET: SECRET });
    expect(isLocalRun(full)).toBe(false);
  });

  it("treats a public PUBLIC_URL behind a proxy on this machine as a real deployment needing the secret", () => {
    expect(() => loadEnv({ NODE_ENV: "production", PUBLIC_URL: "https://www.example.com" })).toThrow(/BETTER_AUTH_SECRET is not set/);
    const proxied = loadEnv({ NODE_ENV: "production", PUBLIC_URL: "https://www.example.com", BETTER_AUTH_SECRET: SECRET });
    expect(proxied.PUBLIC_URL).toBe("https://www.example.com");
    expect(isLocalRun(proxied)).toBe(false);
  });

  it("defaults PUBLIC_URL to http://localhost:$PORT outside production", () => {
    expect(loadEnv({ NODE_ENV: "development", PORT: "5411" }).PUBLIC_URL).toBe("http://localhost:5411");
    expect(loadEnv({}).PUBLIC_URL).toBe("http://localhost:3000");
    expect(loadEnv({ PORT: "5412", PUBLIC_URL: "http://127.0.0.1:9999" }).PUBLIC_URL).toBe("http://127.0.0.1:9999");
  });

  it("takes the form guard's test minimum on a local run and refuses it in a deployment", () => {
    expect(loadEnv({}).FORM_GUARD_MIN_MS).toBeUndefined();
    expect(loadEnv({ NODE_ENV: "production", FORM_GUARD_MIN_MS: "250" }).FORM_GUARD_MIN_MS).toBe(250);
    expect(() => loadEnv({ FORM_GUARD_MIN_MS: "-1" })).toThrow(/FORM_GUARD_MIN_MS/);
    const deployment = { NODE_ENV: "production", HOST: "0.0.0.0", PUBLIC_URL: "https://www.example.com", BETTER_AUTH_SECRET: SECRET };
    expect(() => loadEnv({ ...deployment, FORM_GUARD_MIN_MS: "0" })).toThrow(/FORM_GUARD_MIN_MS is for browser tests/);
    expect(loadEnv({ ...deployment, FORM_GUARD_MIN_MS: "" }).FORM_GUARD_MIN_MS).toBeUndefined();
  });

  it("rejects a PUBLIC_URL that is not http(s)", () => {
    expect(() => loadEnv({ PUBLIC_URL: "ftp://example.com" })).toThrow(/PUBLIC_URL/);
  });
});

describe("isLoopbackHost", () => {
  it("knows localhost, 127.0.0.0/8 and ::1, and nothing else", () => {
    for (const host of ["localhost", "127.0.0.1", "127.1.2.3", "::1", "[::1]", "::ffff:127.0.0.1"]) expect([host, isLoopbackHost(host)]).toEqual([host, true]);
    for (const host of ["0.0.0.0", "::", "10.0.0.1", "localhost.example.com", "128.0.0.1", "example.com"]) expect([host, isLoopbackHost(host)]).toEqual([host, false]);
  });
});

describe("trustProxyWarning", () => {
  it("warns when a hop count (or every hop) is trusted on a non-loopback address, and only then", () => {
    expect(trustProxyWarning({ HOST: "0.0.0.0", TRUST_PROXY: 1 })).toMatch(/TRUST_PROXY=1 trusts X-Forwarded-For by hop count while listening on 0\.0\.0\.0/);
    expect(trustProxyWarning({ HOST: "0.0.0.0", TRUST_PROXY: true })).toMatch(/TRUST_PROXY=true/);
    expect(trustProxyWarning({ HOST: "127.0.0.1", TRUST_PROXY: 1 })).toBeNull();
    expect(trustProxyWarning({ HOST: "0.0.0.0", TRUST_PROXY: ["10.0.0.0/8"] })).toBeNull();
    expect(trustProxyWarning({ HOST: "0.0.0.0", TRUST_PROXY: false })).toBeNull();
  });
});
