import { expect, test } from "@playwright/test";

test("the server reports ready and serves the home page", async ({ page, request }) => {
  expect((await request.get("/readyz")).status()).toBe(200);
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
});
