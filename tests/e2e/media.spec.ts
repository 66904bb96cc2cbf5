/**
 * Media (issue 8): uploading into the media library with alt text and a focal point, the spec's
 * two refusal messages (a PDF, a 6 MB image), and the responsive `<picture>` of a demo project on
 * its public page (AVIF and WebP sources, intrinsic size, the hero first in priority).
 */
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { signInAsAdmin } from "./support/auth";
import { PDF_DOCUMENT, photoJpeg } from "../setup/images";

test.describe.configure({ mode: "serial" });

test("staff upload an image with alt text and a focal point, and edit it in the media library", async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsAdmin(page);
  await page.getByRole("link", { name: "Media Library" }).click();
  await expect(page.getByRole("heading", { name: "Media Library", level: 1 })).toBeVisible();

  await page.getByRole("button", { name: "Upload image" }).click();
  const dialog = page.getByRole("dialog", { name: "Upload image" });
  await expect(dialog.getByText("PNG, JPG or WEBP")).toBeVisible();

  // The spec's two refusals, before anything is sent.
  await dialog.getByLabel("Image file").setInputFiles({ name: "brochure.pdf", mimeType: "application/pdf", buffer: PDF_DOCUMENT });
  await expect(dialog.getByRole("alert")).toHaveText("Please select an image file");
  await dialog.getByLabel("Image file").setInputFiles({ name: "huge.jpg", mimeType: "image/jpeg", buffer: Buffer.alloc(6 * 1024 * 1024, 1) });
  await expect(dialog.getByRole("alert")).toHaveText("Image must be smaller than 5MB");

  const alt = `Harbour footbridge deck at dusk ${Date.now()}`;
  await dialog.getByLabel("Image file").setInputFiles({ name: "deck.jpg", mimeType: "image/jpeg", buffer: await photoJpeg(1200, 800, { gps: true }) });
  const focal = dialog.getByRole("slider", { name: "Focal point" });
  await expect(focal).toBeVisible();
  const box = (await focal.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.25, box.y + box.height * 0.75);
  await expect(focal).toHaveAttribute("aria-valuetext", /^2[45]% from the left, 7[45]% from the top$/);
  await focal.press("ArrowRight");
  await expect(focal).toHaveAttribute("aria-valuetext", /^2[67]% from the left/);

  // Alt text is required.
  await dialog.getByRole("button", { name: "Upload image" }).click();
  await expect(dialog.getByRole("alert")).toContainText("Alt text is required");
  await dialog.getByLabel("Alt text (required)").fill(alt);
  await dialog.getByRole("button", { name: "Upload image" }).click();
  // Processing (decode, AVIF and WebP at each width) takes a few seconds on a busy machine.
  await expect(page.getByText("Image uploaded successfully")).toBeVisible({ timeout: 45_000 });
  await expect(dialog).toBeHidden();

  const card = page.getByRole("listitem").filter({ hasText: alt });
  await expect(card).toContainText("1200 × 800 px");
  await expect(card.getByRole("img", { name: alt })).toHaveAttribute("style", /object-position: 2[67]% 7[45]%/);

  await card.getByRole("button", { name: `Edit ${alt}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit image" });
  await edit.getByLabel("Alt text (required)").fill(`${alt} (edited)`);
  await edit.getByRole("slider", { name: "Focal point" }).press("Home");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Image updated")).toBeVisible();
  await expect(page.getByRole("img", { name: `${alt} (edited)` })).toHaveAttribute("style", /object-position: 50% 50%/);
  await expectNoSeriousA11yViolations(page);
});

test("an image used by a project cannot be deleted, and the library says where it is used", async ({ page }) => {
  test.setTimeout(60_000);
  await signInAsAdmin(page);
  await page.goto("/admin/media");
  const card = page.getByRole("listitem").filter({ hasText: /^Bristol Harbourside Footbridge: a cable-stayed bridge over water/ }).first();
  await card.getByRole("button", { name: /^Delete/ }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText(/still used by the project 'Bristol Harbourside Footbridge'/)).toBeVisible();
  await expect(card).toBeVisible();
});

test("a project page draws its pictures as <picture> with AVIF and WebP sources", async ({ page, request }) => {
  await page.goto("/projects/thames-wharf-mixed-use-tower");
  const hero = page.locator("section").first().locator("picture").first();
  const avif = hero.locator('source[type="image/avif"]');
  await expect(avif).toHaveAttribute("srcset", /\/uploads\/project-images\/demo-thames-wharf-mixed-use-tower-1-320\.avif 320w, .* 1280w$/);
  await expect(hero.locator('source[type="image/webp"]')).toHaveAttribute("srcset", /-640\.webp 640w/);
  const img = hero.locator("img");
  await expect(img).toHaveAttribute("fetchpriority", "high");
  await expect(img).toHaveAttribute("width", "1280");
  await expect(img).toHaveAttribute("height", "800");
  // The browser picked one of the AVIF files.
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(/\.avif$/);

  const gallery = page.getByRole("region", { name: "Project gallery" });
  await expect(gallery.locator("picture img").first()).toHaveAttribute("loading", "lazy");

  const file = (await avif.getAttribute("srcset"))!.split(", ")[0]!.split(" ")[0]!;
  const response = await request.get(file);
  expect(response.headers()["content-type"]).toBe("image/avif");
  expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
});
