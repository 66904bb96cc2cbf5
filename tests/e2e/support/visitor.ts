/**
 * Browser tests that act like a visitor (the "visitor" Playwright project, tests/e2e/visitor):
 * a fresh browser context with no cookie, JavaScript on, clicking links rather than typing
 * addresses, and clicking on a hydrated page (the staff portal) only once it has hydrated.
 *
 * The `visitor` fixture opens such a context and watches every page of it. The test fails (when
 * the fixture closes) on any console error, any "manifest version mismatch" warning of React
 * Router, any uncaught page error, any response with a 4xx or 5xx status, and any full document
 * load the test did not announce: `visitor.open(path)` and `visitor.followToDocument(link)`
 * announce one each (public pages are documents: their links and forms load one),
 * `visitor.followInApp(link)` (a click on a hydrated portal page) announces none, and
 * also checks that a value put on `window` before the click is still there after it.
 */
import { randomUUID } from "node:crypto";
import { test as base, expect, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from "@playwright/test";
import { waitForEnhancement, waitForHydration } from "./hydration";

/** One visitor's browser: a context of its own and what it saw go wrong. */
export class Visitor {
  readonly problems: string[] = [];
  /** Document loads of the main frame: announced (expected) and seen. */
  private expectedDocuments = 0;
  private documents: string[] = [];

  private constructor(
    readonly context: BrowserContext,
    readonly page: Page,
  ) {}

  /**
   * A fresh context (no cookie, JavaScript on) with one watched page; `options` may place the
   * visitor elsewhere (`timezoneId`, `locale`) or on another screen (`viewport`).
   */
  static async start(browser: Browser, options: Pick<BrowserContextOptions, "timezoneId" | "locale" | "viewport"> = {}): Promise<Visitor> {
    const context = await browser.newContext({ ...options, javaScriptEnabled: true });
    expect(await context.cookies()).toEqual([]);
    const visitor = new Visitor(context, await context.newPage());
    visitor.watch();
    return visitor;
  }

  private watch(): void {
    const { page, problems } = this;
    page.on("console", (message) => {
      if (message.type() === "error") problems.push(`console error on ${page.url()}: ${message.text()}`);
      else if (/manifest version mismatch/i.test(message.text())) problems.push(`on ${page.url()}: ${message.text()}`);
    });
    page.on("pageerror", (error) => problems.push(`uncaught error on ${page.url()}: ${error.message}`));
    page.on("response", (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} for ${response.request().method()} ${response.url()}`);
    });
    page.on("request", (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) this.documents.push(`${request.method()} ${request.url()}`);
    });
  }

  /**
   * Opens `path` as a typed address or a link in an e-mail: one document load. When `hydrated`,
   * waits for the page's scripts: hydration in the staff portal (/admin), the enhancement module on
   * the public site (sent without React); `waitUntil: "commit"` returns as soon as the document
   * starts to arrive (for a page whose scripts are held back, which never fires "load").
   */
  async open(path: string, { hydrated = true, waitUntil = "load" }: { hydrated?: boolean; waitUntil?: "load" | "commit" } = {}): Promise<void> {
    this.expectedDocuments += 1;
    await this.page.goto(path, { waitUntil });
    if (hydrated) await (path.startsWith("/admin") ? waitForHydration(this.page) : waitForEnhancement(this.page));
  }

  /**
   * Clicks a link or presses a button of a public page (sent without React, its forms and links
   * plain ones), or does `link` when it is an action (a key pressed on the focused control): one
   * document load (`documents`: two for a post answered by a redirect), then `arrived` shows.
   */
  async followToDocument(link: Locator | (() => Promise<void>), arrived: Locator, { documents = 1 }: { documents?: number } = {}): Promise<void> {
    this.expectedDocuments += documents;
    await (typeof link === "function" ? link() : link.click());
    await expect(arrived).toBeVisible();
    await this.page.waitForLoadState("load");
  }

  /**
   * Does `action` on a hydrated page (a link click, a button press) and waits until `arrived`
   * shows: React Router must handle it without loading a document, so a value put on `window`
   * before the action is still there afterwards.
   */
  async followInApp(action: () => Promise<void>, arrived: Locator): Promise<void> {
    const mark = randomUUID();
    await this.page.evaluate((value) => Object.assign(window, { __visitorMark: value }), mark);
    await action();
    await expect(arrived).toBeVisible();
    const kept = await this.page.evaluate(() => (window as unknown as { __visitorMark?: string }).__visitorMark ?? null);
    expect(kept, `a document was loaded instead of a client navigation (now at ${this.page.url()})`).toBe(mark);
  }

  /** Fails when something went wrong (see the module comment); then closes the context. */
  async finish(): Promise<void> {
    // Late reloads (a mismatch detected after the last check) show up as extra documents.
    await this.page.waitForTimeout(300);
    await this.context.close();
    expect(this.problems, "console errors, manifest mismatches, failed responses").toEqual([]);
    expect(this.documents, "document loads (each announced by open or followToDocument)").toHaveLength(this.expectedDocuments);
  }
}

/**
 * `test` with `visitor` (a fresh watched visitor) and `newVisitor(options?)` (another one, e.g. days
 * later on another device, or abroad: see `Visitor.start`).
 */
export const test = base.extend<{ visitor: Visitor; newVisitor: (options?: Parameters<typeof Visitor.start>[1]) => Promise<Visitor> }>({
  // (The fixture callback is named `provide`, not Playwright's usual `use`, which lint reads as React's hook.)
  visitor: async ({ browser }, provide) => {
    const visitor = await Visitor.start(browser);
    await provide(visitor);
    await visitor.finish();
  },
  newVisitor: async ({ browser }, provide) => {
    const started: Visitor[] = [];
    await provide(async (options) => {
      const visitor = await Visitor.start(browser, options);
      started.push(visitor);
      return visitor;
    });
    for (const visitor of started) await visitor.finish();
  },
});

export { expect };
