import { describe, expect, it } from "vitest";
import { loadEnv } from "./env.server";

describe("TRUST_PROXY", () => {
  const trustProxy = (value: string | undefined) => loadEnv({ TRUST_PROXY: value }).TRUST_PROXY;

  it("defaults to a proxy on the same machine", () => {
    expect(trustProxy(undefined)).toEqual(["loopback"]);
    expect(trustProxy("")).toEqual(["loopback"]);
  });

  it("takes true/false, a hop count, and lists of addresses, CIDR ranges and named ranges", () => {
    expect(trustProxy("false")).toBe(false);
    expect(trustProxy("TRUE")).toBe(true);
    expect(trustProxy("2")).toBe(2);
    expect(trustProxy("10.0.0.0/8, loopback ,fd00::/8,192.168.1.4,::1")).toEqual(["10.0.0.0/8", "loopback", "fd00::/8", "192.168.1.4", "::1"]);
    expect(trustProxy("Loopback")).toEqual(["loopback"]);
  });

  it("refuses anything else with a message naming the variable and the bad entry", () => {
    expect(() => trustProxy("yes")).toThrow(/TRUST_PROXY: expected true, false, a hop count.*"yes"/);
    expect(() => trustProxy("10.0.0.0/33")).toThrow(/TRUST_PROXY/);
    expect(() => trustProxy("loopback,,")).toThrow(/TRUST_PROXY/);
    expect(() => trustProxy("-1")).toThrow(/TRUST_PROXY/);
  });
});
