/**
 * Start-up rules of the environment (issue 9 item 8): production needs an explicit PUBLIC_URL and,
 * on a public address, BETTER_AUTH_SECRET; a local run's PUBLIC_URL follows PORT.
 */
import { describe, expect, it } from "vitest";
import { loadEnv } from "./env.server";

const SECRET = "a-long-random-secret-a-long-random-secret";

describe("loadEnv", () => {
  it("refuses to start in production without PUBLIC_URL, naming the variable", () => {
    expect(() => loadEnv({ NODE_ENV: "production", BETTER_AUTH_SECRET: SECRET })).toThrow(/PUBLIC_URL is not set/);
    expect(() => loadEnv({ NODE_ENV: "production", BETTER_AUTH_SECRET: SECRET, PUBLIC_URL: "  " })).toThrow(/PUBLIC_URL is not set/);
  });

  it("refuses to start in production on a public address without the auth secret", () => {
    expect(() => loadEnv({ NODE_ENV: "production", PUBLIC_URL: "https://www.example.com" })).toThrow(/BETTER_AUTH_SECRET is not set/);
    expect(loadEnv({ NODE_ENV: "production", PUBLIC_URL: "https://www.example.com", BETTER_AUTH_SECRET: SECRET }).PUBLIC_URL).toBe(
      "https://www.example.com",
    );
  });

  it("allows a production build on a loopback address (npm start) without the secret", () => {
    expect(loadEnv({ NODE_ENV: "production", PUBLIC_URL: "http://localhost:3000" }).PUBLIC_URL).toBe("http://localhost:3000");
  });

  it("defaults PUBLIC_URL to http://localhost:$PORT outside production", () => {
    expect(loadEnv({ NODE_ENV: "development", PORT: "5411" }).PUBLIC_URL).toBe("http://localhost:5411");
    expect(loadEnv({}).PUBLIC_URL).toBe("http://localhost:3000");
    expect(loadEnv({ PORT: "5412", PUBLIC_URL: "http://127.0.0.1:9999" }).PUBLIC_URL).toBe("http://127.0.0.1:9999");
  });

  it("rejects a PUBLIC_URL that is not http(s)", () => {
    expect(() => loadEnv({ PUBLIC_URL: "ftp://example.com" })).toThrow(/PUBLIC_URL/);
  });
});
