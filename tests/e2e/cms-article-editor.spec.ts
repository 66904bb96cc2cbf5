/**
 * The article block editor of the blog forms (ADR 0012): an article body written with
 * the keyboard alone (paragraph, heading 2 and 3, quote with author, bulleted and numbered list,
 * bold, italic, a link; a block moved and one deleted), published and shown on the public page
 * with the right elements; hostile paste and a forged body refused or neutralised; the
 * unsaved-changes prompt; axe on the form with the editor and its link panel; screenshots at 1440
 * and 390 px in test-results/cms-screens/.
 */
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { signInAsAdmin } from "./support/auth";
import { saveScreenshot } from "./support/screenshots";

test.describe.configure({ mode: "serial", timeout: 120_000 });

const shot = (page: Page, name: string) => saveScreenshot(page, `test-results/cms-screens/${name}.png`, { fullPage: true });
const body = (page: Page) => page.getByRole("textbox", { name: "Article body" });
const stored = async (page: Page) => JSON.parse(await page.locator('input[type="hidden"][name="content"]').inputValue()) as unknown[];

async function fillArticleInfo(page: Page, title: string) {
  const field = (name: string) => page.getByRole("textbox", { name, exact: true });
  await field("Title").fill(title);
  await field("Excerpt").fill("How the frame decides a building's upfront carbon.");
  await field("Summary").fill("Grid, spans and material choices made early cut frame carbon at neutral cost.");
  await field("Author Name").fill("Priya Raman");
}

test("an article written with the keyboard alone is published and shown with its blocks", async ({ page }) => {
  const title = `Frames and carbon ${Date.now()}`;
  await signInAsAdmin(page);
  await page.goto("/admin/cms/blog/create");
  await fillArticleInfo(page, title);

  // From the field before it: one Tab to the toolbar, one more into the text.
  await page.getByRole("textbox", { name: "Summary", exact: true }).focus();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("toolbar", { name: "Article body formatting" }).getByRole("button", { name: "Paragraph" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(body(page)).toBeFocused();

  const k = page.keyboard;
  await k.type("Why frames matter");
  await k.press("Control+Alt+2");
  await expect(page.getByRole("button", { name: "Heading 2" })).toHaveAttribute("aria-pressed", "true");
  await k.press("End");
  await k.press("Enter");
  await k.type("The frame is ");
  await k.press("Control+b");
  await k.type("half");
  await k.press("Control+b");
  await k.type(" of the ");
  await k.press("Control+i");
  await k.type("upfront");
  await k.press("Control+i");
  await k.type(" carbon; read the guide");
  await k.press("Control+Shift+ArrowLeft"); // selects "guide"
  await k.press("Control+Shift+ArrowLeft"); // and "the "
  // As a person sees the words highlighted before asking for a link (the editor takes the browser's
  // selection from its selectionchange event, which a fast script can outrun).
  await expect.poll(() => page.evaluate(() => window.getSelection()?.toString())).toBe("the guide");
  await k.press("Control+k");
  const address = page.getByLabel("Link address");
  await expect(address).toBeFocused();
  await k.type("javascript:alert(1)");
  await k.press("Enter");
  await expect(page.getByText("Enter an address starting with http://, https:// or mailto: (no spaces).")).toBeVisible();
  await k.press("Control+a");
  await k.type("https://www.istructe.org/");
  await k.press("Enter");
  await expect(body(page)).toBeFocused();
  await k.press("End");
  await k.type(".");
  await k.press("Enter");
  await k.type("### What to ask early");
  await k.press("Enter");
  await k.type("> Design lean from the first sketch.");
  await k.press("Enter"); // from the quote to its author
  await k.type("James Whitfield");
  await k.press("Enter"); // a paragraph after the quote
  await k.type("- Keep what exists");
  await k.press("Enter");
  await k.type("Question the grid");
  await k.press("Enter");
  await k.press("Enter"); // leaves the list
  await k.type("1. Measure");
  await k.press("Enter");
  await k.type("Compare");
  await k.press("Enter");
  await k.press("Enter");
  await k.type("A block to delete");
  await k.press("Control+Shift+Backspace");
  await expect(page.getByText("Block deleted.")).toBeAttached();
  await k.press("Control+Enter"); // a new block after the numbered list
  await k.type("Closing words come first.");
  // Move the closing paragraph above the numbered list.
  await k.press("Alt+ArrowUp");
  await expect(page.getByText("Block moved up.")).toBeAttached();

  expect(await stored(page)).toEqual([
    { type: "heading", level: 2, content: "Why frames matter" },
    {
      type: "paragraph",
      content: [
        { text: "The frame is " },
        { text: "half", bold: true },
        { text: " of the " },
        { text: "upfront", italic: true },
        { text: " carbon; read " },
        { text: "the guide", href: "https://www.istructe.org/" },
        { text: "." },
      ],
    },
    { type: "heading", level: 3, content: "What to ask early" },
    { type: "quote", content: "Design lean from the first sketch.", author: "James Whitfield" },
    { type: "list", items: ["Keep what exists", "Question the grid"] },
    { type: "paragraph", content: "Closing words come first." },
    { type: "list", items: ["Measure", "Compare"], ordered: true },
  ]);
  await expect(page.getByText(/from the article .*: now 1 min read/)).toBeVisible();
  await shot(page, "article-editor-1440");

  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByText("Blog post published!")).toBeVisible();

  // The public article: server-rendered blocks with the right elements, and no editor code.
  const slug = title.toLowerCase().replace(/\s+/g, "-");
  const reader = await page.context().newPage();
  const scripts: string[] = [];
  reader.on("request", (r) => r.resourceType() === "script" && scripts.push(new URL(r.url()).pathname));
  await reader.goto(`/insights/${slug}`);
  await reader.waitForLoadState("networkidle");
  const article = reader.locator("article");
  await expect(article.getByRole("heading", { level: 2, name: "Why frames matter" })).toBeVisible();
  await expect(article.getByRole("heading", { level: 3, name: "What to ask early" })).toBeVisible();
  await expect(article.locator("p strong")).toHaveText("half");
  await expect(article.locator("p em")).toHaveText("upfront");
  const link = article.getByRole("link", { name: "the guide" });
  await expect(link).toHaveAttribute("href", "https://www.istructe.org/");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  await expect(article.locator("blockquote")).toContainText("Design lean from the first sketch.");
  await expect(article.locator("figcaption")).toHaveText("— James Whitfield");
  await expect(article.locator("ul li")).toHaveText(["Keep what exists", "Question the grid"]);
  await expect(article.locator("ol li")).toHaveText(["Measure", "Compare"]);
  await expect(article.getByText("A block to delete")).toHaveCount(0);
  const order = await article.locator("p, ul, ol").evaluateAll((els) => els.map((e) => `${e.tagName} ${e.textContent}`));
  const at = (start: string) => order.findIndex((text) => text.startsWith(start));
  expect(at("UL Keep what exists")).toBeGreaterThan(-1);
  expect(at("UL Keep what exists")).toBeLessThan(at("P Closing words come first."));
  expect(at("P Closing words come first.")).toBeLessThan(at("OL Measure"));
  // Only the enhancement module (ADR 0007) and its chunk: no editor code, no React.
  expect(scripts.some((s) => /^\/assets\/enhance-[\w-]+\.js$/.test(s))).toBe(true);
  for (const script of scripts) expect(await (await reader.request.get(script)).text()).not.toMatch(/ProseMirror|tiptap|react-dom/i);
  await shot(reader, "article-public-1440");
  await reader.setViewportSize({ width: 390, height: 844 });
  await shot(reader, "article-public-390");

  // The edit screen shows the same body. With the buttons: the closing paragraph moves below the
  // numbered list and the bulleted list is deleted.
  await expect(body(page).getByRole("heading", { level: 2, name: "Why frames matter" })).toBeVisible();
  await body(page).getByText("Closing words come first.").click();
  await page.getByRole("button", { name: "Move block down" }).click();
  await body(page).getByText("Keep what exists").click();
  await page.getByRole("button", { name: "Delete block" }).click();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Blog post updated!")).toBeVisible();
  await reader.reload();
  await expect(article.locator("ul")).toHaveCount(0);
  const after = await article.locator("p, ol").evaluateAll((els) => els.map((e) => `${e.tagName} ${e.textContent}`));
  expect(after.findIndex((t) => t.startsWith("OL Measure"))).toBeLessThan(after.findIndex((t) => t.startsWith("P Closing words")));
  await reader.close();

  // Saved and untouched: leaving does not ask.
  await page.getByRole("link", { name: /Dashboard/ }).first().click();
  await expect(page).toHaveURL(/\/admin\/dashboard/);

  // Leave the demo's published articles as they were for the public-site tests.
  await page.goto(`/admin/cms/blog?q=${encodeURIComponent(title)}`);
  await page.getByRole("button", { name: `Delete ${title}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Blog post deleted")).toBeVisible();
});

test("a pasted page and a forged body cannot put script links or unknown blocks into an article", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/cms/blog/create");
  await fillArticleInfo(page, `Pasted ${Date.now()}`);
  await body(page).click();
  await body(page).evaluate((el) => {
    const data = new DataTransfer();
    data.setData(
      "text/html",
      '<h1>Title</h1><p>Hi <a href="javascript:alert(1)">bad</a> <a href="https://ok.example/">good</a><img src="x" onerror="alert(1)"><script>alert(2)</script></p>' +
        "<pre><code>code</code></pre><hr><blockquote><p>Pasted quote</p></blockquote><table><tr><td>cell</td></tr></table>",
    );
    el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect(body(page).locator("blockquote")).toHaveText("Pasted quote");
  await expect(body(page).locator("img, script, pre, hr, h1, table, a[href^='javascript']")).toHaveCount(0);
  expect(await stored(page)).toEqual([
    { type: "paragraph", content: "Title" },
    { type: "paragraph", content: [{ text: "Hi bad " }, { text: "good", href: "https://ok.example/" }] },
    { type: "paragraph", content: "code" },
    { type: "quote", content: "Pasted quote" },
    { type: "paragraph", content: "cell" },
  ]);

  // A body forged around the editor is refused by the server, naming the block; nothing is saved.
  await page.locator('input[type="hidden"][name="content"]').evaluate((input: HTMLInputElement) => {
    input.value = JSON.stringify([{ type: "paragraph", content: "ok" }, { type: "paragraph", content: [{ text: "x", href: " JaVaScRiPt:alert(1)" }] }, { type: "embed", html: "<iframe>" }]);
  });
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page.getByText("Block 2: links must start with http://, https:// or mailto: (no spaces).")).toBeVisible();
  await expect(page.getByText('Block 3 has an unknown type "embed"; use paragraph, heading, quote, list or image.')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/cms\/blog\/create/);
  await expect(body(page)).toHaveAttribute("aria-invalid", "true");
});

test("the form with the editor passes axe and asks before losing an edited body; screenshots at 390 px", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/admin/cms/blog/create");
  await expect(body(page)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await body(page).click();
  await page.keyboard.type("> A quote without its author yet");
  await page.keyboard.press("Control+k");
  await expect(page.getByLabel("Link address")).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Escape");
  await expect(body(page)).toBeFocused();
  await page.getByText("Keyboard shortcuts", { exact: true }).click();
  await expect(page.getByText("Move the block up, down")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, "article-editor-390");
  await page.getByRole("toolbar", { name: "Article body formatting" }).evaluate((el) => el.scrollIntoView());
  await saveScreenshot(page, "test-results/cms-screens/article-editor-390-body.png");

  // Only the body changed: leaving asks first, and staying keeps it.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole("link", { name: /Dashboard/ }).first().click();
  const dialog = page.getByRole("alertdialog", { name: "Leave without saving?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Stay on this page" }).click();
  await expect(body(page).locator("blockquote")).toHaveText("A quote without its author yet");
});
