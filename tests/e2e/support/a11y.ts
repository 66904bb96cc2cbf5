/**
 * Shared accessibility assertion for browser tests (team brief "Accessibility"): runs axe-core
 * (WCAG 2.0/2.1 A and AA rules) on the current page and fails on any violation of impact
 * "serious" or "critical", listing each rule, its help text and the first offending targets.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Options: CSS selectors to leave out of the scan (e.g. a third-party widget). */
export type A11yOptions = { exclude?: string[] };

/** Fails the test when axe reports a serious or critical violation on `page`. */
export async function expectNoSeriousA11yViolations(page: Page, options: A11yOptions = {}): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const summary = serious.map(
    (v) => `${v.impact} ${v.id}: ${v.help}\n  ${v.nodes.slice(0, 5).map((n) => n.target.join(" ")).join("\n  ")}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}
