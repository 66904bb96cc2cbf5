/**
 * Media: uploading into the media library with alt text and a focal point, the spec's
 * two refusal messages (a PDF, a real 6 MB JPEG), the hero image of a project given as a URL
 * ('Failed to load image' when it cannot be shown) or uploaded from the project form and then
 * drawn on the public page as a `<picture>` (AVIF and WebP sources, srcset, sizes, intrinsic size,
 * the focal point as the crop centre of the hero and the card), and the demo project's pictures.
 */
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { signInAsAdmin } from "./support/auth";
import { waitForHydration } from "./support/hydration";
import { largeJpeg, PDF_DOCUMENT, photoJpeg } from "../setup/images";

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
  await dialog.getByLabel("Image file").setInputFiles({ name: "huge.jpg", mimeType: "image/jpeg", buffer: await largeJpeg() });
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
  await waitForHydration(page);
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

test("a project's hero image: a URL that cannot be shown, then an upload from the project form drawn as a <picture> on the public page", async ({ page, request }) => {
  test.setTimeout(120_000);
  const title = `Tidal Lock Gate ${Date.now()}`;
  const slug = title.toLowerCase().replace(/\s+/g, "-");
  const alt = `Steel lock gate half open at low tide ${Date.now()}`;
  await signInAsAdmin(page);
  await page.goto("/admin/cms/projects/create");
  await page.getByLabel("Project Title").fill(title);
  await page.getByLabel("Client").fill("Canal and River Trust");
  await page.getByLabel("Category").selectOption("commercial");
  await page.getByLabel("Status").selectOption("Completed");
  await page.getByLabel("Overview").fill("A replacement mitre gate for a tidal lock, fabricated off site and lifted in over one tide.");

  const hero = page.getByRole("group", { name: /^Hero Image/ });
  // The spec allows a URL; one that does not load shows the spec's fallback.
  await hero.getByRole("button", { name: "Paste URL" }).click();
  let dialog = page.getByRole("dialog", { name: "Hero Image" });
  await dialog.getByLabel("Image URL").fill("/uploads/project-images/0123456789abcdef-1763880000000.jpg");
  await dialog.getByRole("button", { name: "Use this URL" }).click();
  await expect(hero.getByRole("alert")).toHaveText("Failed to load image");

  await hero.getByRole("button", { name: "Upload", exact: true }).click();
  dialog = page.getByRole("dialog", { name: "Hero Image" });
  await expect(dialog.getByText("PNG, JPG or WEBP")).toBeVisible();
  const file = dialog.getByLabel("Image file");
  await file.setInputFiles({ name: "contract.pdf", mimeType: "application/pdf", buffer: PDF_DOCUMENT });
  await expect(dialog.getByRole("alert")).toHaveText("Please select an image file");
  const big = await largeJpeg();
  expect((await sharp(big).metadata()).format).toBe("jpeg");
  await file.setInputFiles({ name: "camera.jpg", mimeType: "image/jpeg", buffer: big });
  await expect(dialog.getByRole("alert")).toHaveText("Image must be smaller than 5MB");
  // Declared an image, but the browser cannot draw it: the spec's preview fallback.
  await file.setInputFiles({ name: "scan.jpg", mimeType: "image/jpeg", buffer: PDF_DOCUMENT });
  await expect(dialog.getByRole("alert")).toHaveText("Failed to load image");

  await file.setInputFiles({ name: "Lock Gate.JPG", mimeType: "image/jpeg", buffer: await photoJpeg(1200, 800, { gps: true }) });
  const focal = dialog.getByRole("slider", { name: "Focal point" });
  const box = (await focal.boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.2);
  await expect(focal).toHaveAttribute("aria-valuetext", /^(29|30|31)% from the left, (19|20|21)% from the top$/);
  const [, fx, fy] = /^(\d+)% from the left, (\d+)% from the top$/.exec((await focal.getAttribute("aria-valuetext"))!)!;
  await dialog.getByLabel("Alt text (required)").fill(alt);
  await dialog.getByRole("button", { name: "Upload image" }).click();
  await expect(page.getByText("Image uploaded successfully")).toBeVisible({ timeout: 45_000 });
  await expect(dialog).toBeHidden();
  // The stored name: random part, timestamp, original extension, under project-images.
  await expect(hero.getByText(/^\/uploads\/project-images\/[0-9a-f]{16}-\d{13}\.jpg$/)).toBeVisible();
  const url = (await hero.locator('input[name="heroImage"]').inputValue())!;
  await expect(hero.getByRole("img", { name: "Preview of the chosen image" })).toHaveJSProperty("naturalWidth", 1200);

  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("Project published!")).toBeVisible();

  const stem = url.replace(/\.jpg$/, "");
  await page.goto(`/projects/${slug}`);
  const picture = page.locator("section").first().locator("picture");
  const avif = picture.locator('source[type="image/avif"]');
  const webp = picture.locator('source[type="image/webp"]');
  await expect(avif).toHaveAttribute("srcset", `${stem}-320.avif 320w, ${stem}-640.avif 640w, ${stem}-960.avif 960w, ${stem}-1200.avif 1200w`);
  await expect(webp).toHaveAttribute("srcset", `${stem}-320.webp 320w, ${stem}-640.webp 640w, ${stem}-960.webp 960w, ${stem}-1200.webp 1200w`);
  await expect(avif).toHaveAttribute("sizes", "100vw");
  await expect(webp).toHaveAttribute("sizes", "100vw");
  const img = picture.locator("img");
  await expect(img).toHaveAttribute("width", "1200");
  await expect(img).toHaveAttribute("height", "800");
  await expect(img).toHaveAttribute("fetchpriority", "high");
  await expect(img).toHaveCSS("object-position", `${fx}% ${fy}%`);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(new RegExp(`${stem}-\\d+\\.avif$`));
  // The gallery falls back to the hero: the library's alt text, lazy.
  const galleryImage = page.getByRole("region", { name: "Project gallery" }).getByRole("img", { name: alt });
  await expect(galleryImage).toHaveAttribute("loading", "lazy");

  // No EXIF or GPS in what visitors download, served as AVIF with nosniff and an immutable cache.
  const variant = await request.get(`${stem}-640.avif`);
  expect(variant.headers()["content-type"]).toBe("image/avif");
  expect(variant.headers()["x-content-type-options"]).toBe("nosniff");
  expect(variant.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  const bytes = await variant.body();
  expect(bytes.toString("latin1")).not.toContain("Secret Location");
  expect((await sharp(bytes).metadata()).exif).toBeUndefined();

  // The card on /projects crops around the same focal point.
  await page.goto(`/projects?q=${encodeURIComponent(title)}`);
  const card = page.getByRole("article").filter({ hasText: title });
  await expect(card.locator('picture source[type="image/webp"]')).toHaveAttribute("srcset", new RegExp(`^${stem}-320\\.webp 320w`));
  await expect(card.locator("picture img")).toHaveCSS("object-position", `${fx}% ${fy}%`);

  // Leave the demo's published projects as they were: projects.spec counts them.
  await page.goto("/admin/cms/projects");
  await waitForHydration(page);
  await page.getByRole("button", { name: `Delete ${title}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Project deleted")).toBeVisible();
});
