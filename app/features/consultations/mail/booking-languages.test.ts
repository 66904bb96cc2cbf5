import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { consultationAvailability, consultationBookings, consultationTypes, emailOutbox, sitePages, webhookDeliveries, webhookEndpoints } from "~/db/schema";
import { demoPageTranslations } from "~/db/seed/page-translations";
import { ensurePages } from "~/features/site-pages/pages.server";
import { saveTranslation } from "~/features/translations/translations.server";
import { opened } from "~/features/mail/test-factories";
import { setupTestDatabase } from "../../../../tests/setup/database";
import { cancelBookingByToken, createBooking } from "../wizard/index.server";
import { bookingMailData } from "./booking-mail.server";
import { reminderEmail } from "./booking-visitor-mail.server";
import { BookingDetailsSchema } from "../core/index.server";
import type { Language } from "~/utils/i18n";

setupTestDatabase();

// Monday 7 January 2030, 10:00 UK (GMT); the slot is Thursday 10 January at 09:00.
const NOW = new Date("2030-01-07T10:00:00Z");
const settings = { companyName: "Meridian Engineering", email: "hello@meridian.test", phone: "+44 20 7946 0000", location: "London", notificationRecipients: ["ops@meridian.test"] };

/** A booking made in `language` by a visitor in `timeZone`, and every message it queued. */
async function bookIn(language: Language, timeZone: string | null) {
  // One type and one slot for every booking of a test.
  const [type] = (await db.select().from(consultationTypes).where(eq(consultationTypes.name, "Site Assessment"))).concat(
    await db.insert(consultationTypes).values({ name: "Site Assessment", durationMinutes: 45, isActive: true }).onConflictDoNothing().returning(),
  );
  const [slot] = (await db.select().from(consultationAvailability).where(eq(consultationAvailability.date, "2030-01-10"))).concat(
    await db.insert(consultationAvailability).values({ date: "2030-01-10", startTime: "09:00", endTime: "10:00", maxBookings: 10 }).onConflictDoNothing().returning(),
  );
  const email = `${language}.${randomUUID().slice(0, 8)}@example.com`;
  const details = BookingDetailsSchema.parse({ name: "Marie Joseph", email, projectType: "humanitarian" });
  const made = await createBooking(
    { typeId: type.id, slotId: slot.id, details, language, timeZone },
    { idempotencyKey: randomUUID(), clientIp: "198.51.100.7", now: NOW },
  );
  const mails = await opened(db.select().from(emailOutbox).where(eq(emailOutbox.replyTo, email)));
  const visitor = (await opened(db.select().from(emailOutbox).where(eq(emailOutbox.to, email))))[0]!;
  return { made, slot, email, visitor, staff: mails.filter((m) => m.to !== email) };
}

/** The SUMMARY of a message's invitation. */
function summaryOf(mail: { attachments: { content: string }[] | null }): string {
  const event = new ICAL.Component(ICAL.parse(mail.attachments![0]!.content)).getFirstSubcomponent("vevent")!;
  return String(event.getFirstPropertyValue("summary"));
}

describe("a booking in the visitor's language", () => {
  it("tells webhook receivers the language and the visitor's zone", async () => {
    await db.insert(webhookEndpoints).values({ url: "https://hooks.example.com/in", events: ["booking.created"], secretEncrypted: "unused" });
    const { made } = await bookIn("pt", "Africa/Maputo");
    const [delivery] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.bookingId, made.booking.id));
    expect(JSON.parse(delivery!.body!).data.booking).toMatchObject({ language: "pt", timeZone: "Africa/Maputo" });
  });

  it("remembers French and the visitor's zone, and mails them in French with their own time beside UK time", async () => {
    const { made, visitor, staff } = await bookIn("fr", "America/Port-au-Prince");
    const [row] = await db.select().from(consultationBookings).where(eq(consultationBookings.id, made.booking.id));
    expect(row).toMatchObject({ language: "fr", timeZone: "America/Port-au-Prince" });

    expect(visitor.subject).toBe("Consultation réservée : jeudi 10 janvier 2030 à 09:00 heure du Royaume-Uni (GMT)");
    expect(visitor.text).toContain("Merci, Marie Joseph. Nous avons bien reçu votre réservation : Site Assessment.");
    // French puts a no-break space before a colon.
    expect(visitor.text).toContain("Heure\u00a0: 09:00 heure du Royaume-Uni (GMT)");
    // 09:00 in London is 04:00 in Port-au-Prince.
    expect(visitor.text).toMatch(/Chez vous\u00a0: 04:00 \(heure normale de l’Est.*\)/);
    expect(visitor.text).toContain("Durée\u00a0: 45 minutes");
    expect(visitor.text).toMatch(new RegExp(`Gérer votre réservation\u00a0: http\\S+/fr/book-consultation/manage/${made.manageToken}`));
    expect(visitor.text).not.toMatch(/(?:Heure|Durée|Date|Consultation|Chez vous):/);
    expect(visitor.html).toContain('<html lang="fr">');
    expect(visitor.html).toContain("Ou ouvrez ce lien :");
    expect(summaryOf(visitor)).toBe("Site Assessment avec Meridian Engineering");

    // Staff read English, and are told the visitor's language.
    expect(staff).toHaveLength(1);
    expect(staff[0]!.subject).toBe("New booking: Marie Joseph, Thursday, 10 January 2030 at 09:00 UK time (GMT)");
    expect(staff[0]!.text).toContain("Visitor's language: French (Français)");
    expect(staff[0]!.text).not.toContain("Chez vous");
  });

  it("mails an Arabic visitor right to left in Arabic, Western digits kept, and cancels in Arabic too", async () => {
    const { made, slot, visitor, email } = await bookIn("ar", "Africa/Cairo");
    expect(visitor.subject).toBe("تم حجز الاستشارة: الخميس، 10 يناير 2030 الساعة 09:00 بتوقيت المملكة المتحدة (GMT)");
    expect(visitor.html).toContain('<html lang="ar" dir="rtl">');
    expect(visitor.text).toContain("المدة: 45 دقيقة");
    // 09:00 in London is 11:00 in Cairo.
    expect(visitor.text).toMatch(/بتوقيتك: 11:00 \(/);
    expect(visitor.text).toMatch(/\/ar\/book-consultation\/manage\//);
    expect(summaryOf(visitor)).toBe("Site Assessment مع Meridian Engineering");

    const reminder = reminderEmail(bookingMailData(made.booking, { date: slot.date, startTime: slot.startTime, endTime: slot.endTime }), settings, "fresh-token");
    expect(reminder.text).toContain("/ar/book-consultation/manage/fresh-token");
    expect(reminder.text).toContain("إدارة حجزك");
    expect(reminder.subject).toBe("تذكير: استشارة الخميس، 10 يناير 2030 الساعة 09:00 بتوقيت المملكة المتحدة (GMT)");

    await cancelBookingByToken(made.manageToken!, { now: NOW });
    const cancelled = (await opened(db.select().from(emailOutbox).where(eq(emailOutbox.to, email)))).find((m) => m.kind === "booking.cancellation");
    expect(cancelled?.subject).toBe("أُلغيت: استشارة الخميس، 10 يناير 2030 الساعة 09:00 بتوقيت المملكة المتحدة (GMT)");
    expect(cancelled?.text).toContain("ألغينا استشارتك (Site Assessment) بناءً على طلبك.");
  });

  it("writes the office's address in the visitor's language where the contact page is published in it, with that language's comma", async () => {
    await ensurePages(db, ["contact"]);
    const [contact] = await db.select({ id: sitePages.id }).from(sitePages).where(eq(sitePages.key, "contact"));
    for (const language of ["fr", "ar"] as const) {
      const { document } = demoPageTranslations.find((t) => t.key === "contact" && t.language === language)!;
      expect((await saveTranslation("page", { userId: "u1", email: "ed@staff.test", name: "Ed" }, contact!.id, language, 0, { slug: null, document }, { intent: "publish" })).ok).toBe(true);
    }
    const footer = (mail: { text: string }) => mail.text.trimEnd().split("\n").at(-1);
    expect(footer((await bookIn("fr", null)).visitor)).toBe("hello@meridian-engineering.co.uk | +44 20 7946 0321 | Londres, Royaume-Uni");
    const ar = (await bookIn("ar", null)).visitor;
    expect(footer(ar)).toBe("hello@meridian-engineering.co.uk | +44 20 7946 0321 | لندن، المملكة المتحدة");
    expect(ar.html).toContain("لندن، المملكة المتحدة");
    expect(ar.html).not.toContain("United Kingdom");
    // Portuguese has no translation of the contact page: the English lines. Staff read English.
    expect(footer((await bookIn("pt", null)).visitor)).toBe("hello@meridian-engineering.co.uk | +44 20 7946 0321 | London, United Kingdom");
    const { staff } = await bookIn("fr", null);
    expect(footer(staff[0]!)).toContain("| London, United Kingdom");
  });

  it("keeps an English booking's mail exactly as it was: no language line for staff, no 'your time' row", async () => {
    const { visitor, staff } = await bookIn("en", "America/Port-au-Prince");
    expect(visitor.subject).toBe("Consultation booked: Thursday, 10 January 2030 at 09:00 UK time (GMT)");
    expect(visitor.html).toContain('<html lang="en-GB">');
    expect(visitor.text).not.toContain("Your time");
    expect(summaryOf(visitor)).toBe("Site Assessment with Meridian Engineering");
    expect(staff[0]!.text).not.toContain("Visitor's language");
  });
});
