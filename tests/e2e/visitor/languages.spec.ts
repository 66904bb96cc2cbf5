/**
 * Visitors who book in their own language (project "visitor"): a French visitor in Haiti on a
 * desktop switches the English wizard to French, an Arabic-speaking visitor in Cairo on a phone
 * opens the Arabic wizard from a shared link. Each books, receives the confirmation (and its
 * invitation) in that language with their own time beside UK time, and the manage link of the
 * e-mail opens the manage page in that language. Right to left for Arabic, no sideways scroll on a
 * phone, axe clean. With E2E_SCREENSHOTS set, each language is also photographed at 390 and 1440 px
 * (test-results/languages/).
 */
import type { Page } from "@playwright/test";
import { formatLongDate, formatMonthYear } from "../../../app/utils/format";
import { languageInfo } from "../../../app/utils/i18n";
import { expectNoSeriousA11yViolations } from "../support/a11y";
import { signInAsAdmin } from "../support/auth";
import { waitForEnhancement, waitForHydration } from "../support/hydration";
import { type Mail, outbox, sentTo } from "../support/mail";
import { waitUntilHumanPace } from "../support/human-pace";
import { DESKTOP, expectDocumentIn, expectNoSidewaysScroll, PHONE, photograph as photographAt, WIZARD_WORDS } from "../support/languages";
import { expect, test, type Visitor } from "../support/visitor";
import { visitorFixtures } from "../support/visitor-fixtures";

const F = visitorFixtures();

/** What each language's wizard says, as the visitor reads it (the catalogues' words). */
const WORDS = {
  fr: {
    ...WIZARD_WORDS.fr,
    projectType: "Type de projet",
    description: "Description du projet",
    yourTime: "chez vous",
    subject: /^Consultation réservée : /,
    manageButton: "Gérer votre réservation",
    mailYourTime: "Chez vous",
    // French puts a no-break space before a colon; the office's address is the French contact page's.
    mailTimeRow: /^Heure\u00a0: \d\d:\d\d /m,
    mailAddress: "| Londres, Royaume-Uni",
    summary: / avec /,
    manageHeading: "Votre consultation",
  },
  ar: {
    ...WIZARD_WORDS.ar,
    projectType: "نوع المشروع",
    description: "وصف المشروع",
    yourTime: "بتوقيتك",
    subject: /^تم حجز الاستشارة: /,
    manageButton: "إدارة حجزك",
    mailYourTime: "بتوقيتك",
    mailTimeRow: /^الوقت: \d\d:\d\d /m,
    mailAddress: "| لندن، المملكة المتحدة",
    summary: / مع /,
    manageHeading: "استشارتك",
  },
} as const;

/** The text of a message's `.ics` attachment, with folded lines joined. */
function invitation(message: Mail): string {
  const file = message.attachments.find((a) => a.filename?.endsWith(".ics"));
  const text = !file ? "" : typeof file.content === "string" ? file.content : new TextDecoder().decode(file.content);
  return text.replace(/\r?\n[ \t]/g, "");
}

/** The confirmation e-mail to `email`, polled from the outbox. */
async function confirmationTo(email: string): Promise<Mail> {
  let found: Mail | undefined;
  await expect.poll(async () => (found = (await outbox()).find((m) => sentTo(m, email) && invitation(m).includes("STATUS:TENTATIVE"))), { timeout: 15_000 }).toBeTruthy();
  return found!;
}

/** No sideways scroll at 390 px, and screenshots of the page at 390 and 1440 px (when E2E_SCREENSHOTS is set), back at `viewport` afterwards. */
const photograph = (page: Page, name: string, viewport: { width: number; height: number }) => photographAt(page, `test-results/languages/${name}`, viewport);

/** From step 1 of the wizard in `language` to the booking made, as a visitor clicks through it. */
async function book(visitor: Visitor, language: "fr" | "ar", email: string, viewport: { width: number; height: number }) {
  const { page } = visitor;
  const w = WORDS[language];
  const intl = languageInfo(language).intl;
  await expect(page.getByRole("heading", { level: 1, name: w.title })).toBeVisible();
  await visitor.followToDocument(page.getByRole("button", { name: w.continue }), page.getByRole("heading", { name: w.step2 }));
  while (new URL(page.url()).searchParams.get("week") !== F.week) {
    const before = page.url();
    await visitor.followToDocument(page.getByRole("link", { name: w.nextWeek }), page.getByRole("link", { name: w.nextWeek }));
    await expect(page).not.toHaveURL(before);
  }
  await expect(page.getByRole("heading", { name: formatMonthYear(F.week, intl) })).toBeVisible();
  const slot = page.getByRole("radio", { name: new RegExp(`^${formatLongDate(F.to.date, intl)} ${F.to.startTime}`) });
  // The visitor abroad sees their own time beside UK time, in their language.
  await expect(page.locator("label", { has: slot }).getByText(w.yourTime)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await photograph(page, `${language}-step2`, viewport);
  await slot.check({ force: true });
  await visitor.followToDocument(page.getByRole("button", { name: w.continue }), page.getByRole("heading", { name: w.step3 }));
  const shownAt = Date.now();
  await page.getByRole("textbox", { name: w.name }).fill(language === "fr" ? "Marie Joseph" : "ليلى حسن");
  await page.getByRole("textbox", { name: w.email }).fill(email);
  await page.getByRole("combobox", { name: w.projectType }).selectOption("humanitarian");
  await page.getByRole("textbox", { name: w.description }).fill(language === "fr" ? "Une école parasismique à Jacmel." : "مدرسة مقاومة للزلازل في القاهرة.");
  await visitor.followToDocument(page.getByRole("button", { name: w.continue }), page.getByRole("heading", { name: w.step4 }));
  await expectNoSeriousA11yViolations(page);
  await photograph(page, `${language}-step4`, viewport);
  await waitUntilHumanPace(shownAt);
  await visitor.followToDocument(page.getByRole("button", { name: w.confirm }), page.getByRole("heading", { name: w.done }), { documents: 2 });
  await expectDocumentIn(page, language);
  await expectNoSeriousA11yViolations(page);
  await photograph(page, `${language}-done`, viewport);
}

/** The confirmation e-mail is in `language`, and its manage link opens the manage page in it, on another device. */
async function checkMailAndManage(newVisitor: (options?: Parameters<typeof Visitor.start>[1]) => Promise<Visitor>, language: "fr" | "ar", email: string, viewport: { width: number; height: number }) {
  const w = WORDS[language];
  const mail = await confirmationTo(email);
  expect(mail.subject).toMatch(w.subject);
  expect(mail.text).toContain(w.manageButton);
  expect(mail.text).toContain(w.mailYourTime);
  expect(mail.text).toMatch(w.mailTimeRow);
  expect(mail.text).toContain(w.mailAddress);
  expect(mail.text).not.toContain("United Kingdom");
  expect(mail.html).toContain(`lang="${languageInfo(language).htmlLang}"`);
  const summary = /^SUMMARY:(.*)$/m.exec(invitation(mail))?.[1] ?? "";
  expect(summary).toMatch(w.summary);

  const link = new RegExp(`https?://\\S+/${language}/book-consultation/manage/[\\w-]+`).exec(mail.text ?? "")?.[0];
  expect(link, "the manage link in the e-mail, in the visitor's language").toBeTruthy();
  const later = await newVisitor({ viewport });
  await later.open(new URL(link!).pathname);
  await expectDocumentIn(later.page, language);
  await expect(later.page.getByRole("heading", { name: w.manageHeading })).toBeVisible();
  await expect(later.page.getByText(formatLongDate(F.to.date, languageInfo(language).intl))).toBeVisible();
  await expectNoSeriousA11yViolations(later.page);
  await photograph(later.page, `${language}-manage`, viewport);
}

test.describe.configure({ timeout: 120_000 });

test("a visitor in Haiti switches the wizard to French on a desktop, books, and manages the booking from the French e-mail; staff see the language", async ({ newVisitor, browser }) => {
  const visitor = await newVisitor({ viewport: DESKTOP, timezoneId: "America/Port-au-Prince" });
  const { page } = visitor;
  const email = `fr.${Date.now()}@example.com`;
  await visitor.open("/book-consultation");
  await expectDocumentIn(page, "en");
  // The header's switcher names the language shown, opens, and keeps the page; a language is its own document.
  const switcher = page.getByRole("banner").getByRole("navigation", { name: "Language" });
  await expect(switcher.locator("summary")).toHaveText("Language: English");
  await switcher.locator("summary").click();
  await visitor.followToDocument(switcher.getByRole("link", { name: "Français" }), page.getByRole("heading", { level: 1, name: WORDS.fr.title }));
  await expect(page).toHaveURL(/\/fr\/book-consultation$/);
  await expectDocumentIn(page, "fr");
  // The header's book link stays on the French wizard; the projects list exists in French (a project is published in
  // it), so its link is French too; a page without a translation stays English.
  await expect(page.getByRole("banner").getByRole("link", { name: "Consultation gratuite" })).toHaveAttribute("href", "/fr/book-consultation");
  await expect(page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: "Projets" })).toHaveAttribute("href", "/fr/projects");
  await expect(page.getByRole("navigation", { name: "Navigation principale" }).getByRole("link", { name: "Services" })).toHaveAttribute("href", "/services");
  await waitForEnhancement(page);
  await book(visitor, "fr", email, DESKTOP);
  await checkMailAndManage(newVisitor, "fr", email, DESKTOP);

  // Staff read the booking in English, told which language the visitor wrote in.
  const staff = await browser.newContext({ viewport: DESKTOP });
  const portal = await staff.newPage();
  await signInAsAdmin(portal);
  await portal.goto("/admin/consultations");
  await waitForHydration(portal);
  await portal.getByRole("searchbox", { name: "Search by name, email or type" }).fill(email);
  await portal.getByRole("button", { name: "Search" }).click();
  await expect(portal.getByText("1 booking found")).toBeVisible();
  await portal.getByRole("listitem").filter({ hasText: "Marie Joseph" }).getByRole("link", { name: /View booking of/ }).click();
  const dialog = portal.getByRole("dialog", { name: /^Booking #[0-9a-f]{8}$/ });
  await expect(dialog.getByRole("term").filter({ hasText: "Visitor's language" })).toBeVisible();
  await expect(dialog).toContainText("French (Français)");
  await staff.close();
});

test("a visitor in Cairo opens the Arabic wizard on a phone, books right to left, and manages the booking from the Arabic e-mail", async ({ newVisitor }) => {
  const visitor = await newVisitor({ viewport: PHONE, timezoneId: "Africa/Cairo" });
  const { page } = visitor;
  const email = `ar.${Date.now()}@example.com`;
  await visitor.open("/ar/book-consultation");
  await expectDocumentIn(page, "ar");
  await expectNoSidewaysScroll(page);
  // Right to left: step 1's Continue button sits at the end of its row, which is the left.
  const button = await page.getByRole("button", { name: WORDS.ar.continue }).boundingBox();
  expect(button!.x + button!.width / 2).toBeLessThan(PHONE.width / 2);
  await book(visitor, "ar", email, PHONE);
  await checkMailAndManage(newVisitor, "ar", email, PHONE);
});

test("a visitor in Maputo without JavaScript books in Portuguese on a phone, and the e-mail and its manage link are Portuguese", async ({ browser, newVisitor }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE, timezoneId: "Africa/Maputo" });
  const page = await context.newPage();
  const email = `pt.${Date.now()}@example.com`;
  const intl = languageInfo("pt").intl;
  await page.goto("/pt/book-consultation");
  await expectDocumentIn(page, "pt");
  await expectNoSidewaysScroll(page);
  await expect(page.getByRole("heading", { level: 1, name: "Marcar uma consulta" })).toBeVisible();
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByRole("heading", { name: "Selecione a data e a hora" })).toBeVisible();
  while (new URL(page.url()).searchParams.get("week") !== F.week) {
    const before = page.url();
    await page.getByRole("link", { name: "Semana seguinte" }).click();
    await expect(page).not.toHaveURL(before);
  }
  await page.getByRole("radio", { name: new RegExp(`^${formatLongDate(F.from.date, intl)} ${F.from.startTime}`) }).check({ force: true });
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByRole("heading", { name: "Os seus dados" })).toBeVisible();
  const shownAt = Date.now();
  await page.getByRole("textbox", { name: "Nome completo" }).fill("Ana Machava");
  await page.getByRole("textbox", { name: "Endereço de e-mail" }).fill(email);
  await page.getByRole("combobox", { name: "Tipo de projeto" }).selectOption("humanitarian");
  await page.getByRole("textbox", { name: "Descrição do projeto" }).fill("Uma escola resistente a ciclones na Beira.");
  await page.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByRole("heading", { name: "Confirmação" })).toBeVisible();
  // (axe needs the page's JavaScript: the Portuguese pages are scanned on the manage page below.)
  await photograph(page, "pt-step4-no-js", PHONE);
  await waitUntilHumanPace(shownAt);
  await page.getByRole("button", { name: "Confirmar marcação" }).click();
  await expect(page.getByRole("heading", { name: "Marcação confirmada!" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await context.close();

  const mail = await confirmationTo(email);
  expect(mail.subject).toMatch(/^Consulta marcada: /);
  expect(mail.text).toContain("Gerir a sua marcação");
  const link = /https?:\/\/\S+\/pt\/book-consultation\/manage\/[\w-]+/.exec(mail.text ?? "")?.[0];
  expect(link, "the manage link in the e-mail, in Portuguese").toBeTruthy();
  const later = await newVisitor({ viewport: DESKTOP });
  await later.open(new URL(link!).pathname);
  await expectDocumentIn(later.page, "pt");
  await expect(later.page.getByRole("heading", { name: "A sua consulta" })).toBeVisible();
  await expect(later.page.getByText(formatLongDate(F.from.date, intl))).toBeVisible();
  await expectNoSeriousA11yViolations(later.page);
});

test("a language the site does not offer, or English under a prefix, is no page", async ({ visitor }) => {
  const { page } = visitor;
  for (const path of ["/de/book-consultation", "/en/book-consultation", "/fr/services"]) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(404);
  }
});

test("a mistyped address under a language's prefix shows the 404 page in that language; English stays the spec's", async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  const pages = [
    { path: "/fr/projets-introuvables", language: "fr", heading: "Page introuvable", home: "Retour à l’accueil", href: "/fr" },
    { path: "/ar/no-such-page", language: "ar", heading: "الصفحة غير موجودة", home: "العودة إلى الصفحة الرئيسية", href: "/ar" },
    { path: "/no-such-page", language: "en", heading: "Page Not Found", home: "Return to Home", href: "/" },
  ] as const;
  for (const expected of pages) {
    const response = await page.goto(expected.path);
    expect(response?.status(), expected.path).toBe(404);
    await expectDocumentIn(page, expected.language);
    await expect(page.getByRole("heading", { level: 1, name: expected.heading })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${expected.heading}`));
    await expect(page.getByRole("main").getByRole("link", { name: expected.home })).toHaveAttribute("href", expected.href);
    await expectNoSidewaysScroll(page);
    await photograph(page, `404-${expected.language}`, PHONE);
  }
  await context.close();
});
