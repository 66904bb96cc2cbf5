/**
 * Checks the visitor language specs share: the two viewports they photograph at, the document's
 * language (`<html lang dir>`), no sideways scroll, the `hreflang` alternates, a page's
 * screenshots at 390 and 1440 px (written only when E2E_SCREENSHOTS is set), and the booking
 * wizard's words in French and Arabic as a visitor reads them (the catalogues' words).
 */
import type { Page } from "@playwright/test";
import { languageInfo, type Language } from "../../../app/utils/i18n";
import { expectNoSeriousA11yViolations } from "./a11y";
import { saveScreenshot } from "./screenshots";
import { expect } from "./visitor";

/** The booking wizard's headings, buttons and contact fields in French and Arabic. */
export const WIZARD_WORDS = {
  fr: {
    title: "Réserver une consultation",
    continue: "Continuer",
    nextWeek: "Semaine suivante",
    step2: "Choisissez la date et l’heure",
    step3: "Vos informations",
    step4: "Confirmation",
    confirm: "Confirmer la réservation",
    done: "Réservation confirmée !",
    name: "Nom complet",
    email: "Adresse e-mail",
  },
  ar: {
    title: "احجز استشارة",
    continue: "متابعة",
    nextWeek: "الأسبوع التالي",
    step2: "اختر التاريخ والوقت",
    step3: "معلوماتك",
    step4: "التأكيد",
    confirm: "تأكيد الحجز",
    done: "تم تأكيد الحجز!",
    name: "الاسم الكامل",
    email: "البريد الإلكتروني",
  },
} as const;

/** A phone's viewport, in CSS pixels. */
export const PHONE = { width: 390, height: 844 };
/** A desktop's viewport, in CSS pixels. */
export const DESKTOP = { width: 1440, height: 900 };

/**
 * Fails when the page scrolls sideways (wider than the viewport) once its layout has settled: right
 * after the viewport changes, the page may still be laid out for the old width for a few frames.
 */
export async function expectNoSidewaysScroll(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { message: `sideways scroll on ${page.url()}` })
    .toBeLessThanOrEqual(0);
}

/** The document is in `language`: `<html lang dir>` as its catalogue says. */
export async function expectDocumentIn(page: Page, language: Language) {
  const info = languageInfo(language);
  await expect(page.locator("html")).toHaveAttribute("lang", info.htmlLang);
  await expect(page.locator("html")).toHaveAttribute("dir", info.dir);
}

/** The `hreflang` alternates in the page's head, as `hreflang -> path`. */
export async function alternates(page: Page): Promise<Record<string, string>> {
  const links = await page.locator('head link[rel="alternate"][hreflang]').evaluateAll((els) => els.map((el) => [el.getAttribute("hreflang"), new URL(el.getAttribute("href") ?? "").pathname]));
  return Object.fromEntries(links);
}

/**
 * No sideways scroll at 390 px, and screenshots at 390 and 1440 px (`${shot}-390.png`,
 * `${shot}-1440.png`, when E2E_SCREENSHOTS is set); back at `viewport` afterwards.
 */
export async function photograph(page: Page, shot: string, viewport: { width: number; height: number }) {
  for (const [label, size] of [["390", PHONE], ["1440", DESKTOP]] as const) {
    await page.setViewportSize(size);
    if (size.width === PHONE.width) await expectNoSidewaysScroll(page);
    await saveScreenshot(page, `${shot}-${label}.png`, { fullPage: true });
  }
  await page.setViewportSize(viewport);
}

/** Axe, then `photograph`: no sideways scroll at 390 px and the screenshots; back at `viewport` afterwards. */
export async function checkPage(page: Page, shot: string, viewport: { width: number; height: number }) {
  await expectNoSeriousA11yViolations(page);
  await photograph(page, shot, viewport);
}
