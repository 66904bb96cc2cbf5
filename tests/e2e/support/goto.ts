import { expect, type Page } from "@playwright/test";

/** Opens `path` and fails the test unless the document answers 200. */
export async function gotoOk(page: Page, path: string): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), `status of ${path}`).toBe(200);
}
