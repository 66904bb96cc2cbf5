/**
 * Two production instances on one PostgreSQL database (issue 9 item 13).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn, startServers, type Cluster } from "./support/servers";

describe("two instances on one database", () => {
  let cluster: Cluster;
  beforeAll(async () => {
    cluster = await startServers(2);
  });
  afterAll(async () => {
    await cluster?.stop();
  });

  it("a staff session made on one instance works on the other", async () => {
    const [a, b] = cluster.servers;
    const cookie = await signIn(a.base, cluster.publicUrl);
    const response = await fetch(`${b.base}/admin/dashboard`, { headers: { cookie }, redirect: "manual" });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Dashboard");
    const anonymous = await fetch(`${b.base}/admin/dashboard`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toContain("/admin/login");
  });
});
