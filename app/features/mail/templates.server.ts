/**
 * Branded e-mail bodies (`docs/design.md` section 6, "Mail"). One layout for every message the
 * product sends: a teal header with the company name, a heading, paragraphs, an optional table of
 * details and an optional button, then a footer with the company's contact details. The HTML uses
 * tables and inline styles only (no `<style>` blocks, no web fonts, no images) so it renders the
 * same in Outlook, Gmail and Apple Mail; the plain-text part carries the same content.
 *
 * Every value given is escaped: callers pass raw text (a visitor's name or message included) and
 * never HTML.
 */
import { stripControlCharacters } from "~/utils/fields";
import { DEFAULT_LANGUAGE, languageInfo, type Language } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";
import type { SiteSettings } from "~/features/settings/schema";
import { env } from "~/utils/env.server";

/** What a message says. All strings are plain text (newlines are kept); none may contain HTML. */
export type EmailContent = {
  /** Short summary shown by mail clients after the subject; hidden in the body. */
  preheader?: string;
  /** The main heading, e.g. "New enquiry from Jane Smith". */
  heading: string;
  /** A lead paragraph shown slightly larger under the heading. */
  intro?: string;
  /** Body paragraphs in order. A paragraph may contain newlines (rendered as line breaks). */
  paragraphs: string[];
  /** A two-column table of `[label, value]` rows, e.g. `["E-mail", "jane@example.com"]`. */
  details?: [label: string, value: string][];
  /** A call-to-action button; `url` must be absolute (see `siteUrl`). */
  button?: { label: string; url: string };
  /** A second, quieter action shown as a text link under the button; `url` must be absolute. */
  link?: { label: string; url: string };
  /** Small print above the footer, e.g. why the recipient got this message. */
  footerNote?: string;
  /**
   * The language the message is written in (English when absent): the layout's own words (the
   * tagline, "Or open this link:"), `<html lang dir>` and, for a right-to-left language, the
   * alignment follow it.
   */
  language?: Language;
};

/**
 * The company details a message's header and footer show; pass the result of `getMailSettings()`
 * (./settings.server.ts). The footer shows the address in the message's language (`addresses`: the
 * contact page's lines where it is published in that language), else `address` (the English
 * page's lines), else `location`.
 */
export type EmailBranding = Pick<SiteSettings, "companyName" | "email" | "phone" | "location"> & {
  address?: readonly string[];
  addresses?: Partial<Record<Language, readonly string[]>>;
};

/**
 * The footer's place line in `language`: its postal address on one line, the lines joined by the
 * language's comma ("London, United Kingdom"; "لندن، المملكة المتحدة"), else the settings' location.
 */
function placeOf(s: EmailBranding, language: Language): string {
  const lines = s.addresses?.[language] ?? s.address;
  if (!lines || lines.length === 0) return s.location;
  return lines.join(`${m.address_comma({}, { locale: language })} `);
}

/** "Label: value" in `language`, punctuated as the catalogue says (French "Heure : 09:00", a no-break space before the colon). */
const labelled = (label: string, value: string, language: Language) => `${m.mail_label({ label }, { locale: language })}${value}`;

/** A complete message body in both forms. */
export type RenderedEmail = { html: string; text: string };

const TEAL = "#0f766e";
const TEAL_DARK = "#134e4a";
const INK = "#0f172a";
const MUTED = "#475569";
const BORDER = "#e2e8f0";
const PAGE_BG = "#f1f5f9";
const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** Escaped text with newlines as `<br>`. */
function multiline(value: string): string {
  return escapeHtml(value).replace(/\r?\n/g, "<br>");
}

/**
 * An absolute URL on this site for links in e-mails, from `PUBLIC_URL`.
 * `siteUrl("/admin/enquiries")` -> `https://example.com/admin/enquiries`.
 */
export function siteUrl(path: string): string {
  return `${env.PUBLIC_URL.replace(/\/$/, "")}${path.startsWith("/") ? path : `/${path}`}`;
}

/** Only http(s) and mailto links may become buttons; anything else is dropped to its text. */
function safeUrl(url: string): string | null {
  return /^(https?:|mailto:)/i.test(url.trim()) ? url.trim() : null;
}

/**
 * Renders a branded message as HTML and plain text.
 * @param content what the message says (plain text; escaped here)
 * @param settings the company identity shown in the header and footer
 * @returns `{ html, text }` ready for `enqueueEmails`
 */
export function renderEmail(content: EmailContent, settings: EmailBranding): RenderedEmail {
  const clean = withoutControlCharacters(content);
  return { html: renderHtml(clean, settings), text: renderText(clean, settings) };
}

/**
 * `content` with control characters stripped again: visitor text is clean
 * at the schema, but older rows and staff-typed values reach mail too. Headings, labels and the
 * preheader are one line; paragraphs and detail values keep their line breaks.
 */
function withoutControlCharacters(c: EmailContent): EmailContent {
  const line = (t: string) => stripControlCharacters(t);
  const lines = (t: string) => stripControlCharacters(t, { multiline: true });
  return {
    ...c,
    preheader: c.preheader === undefined ? undefined : line(c.preheader),
    heading: line(c.heading),
    intro: c.intro === undefined ? undefined : lines(c.intro),
    paragraphs: c.paragraphs.map(lines),
    details: c.details?.map(([label, value]) => [line(label), lines(value)]),
    footerNote: c.footerNote === undefined ? undefined : lines(c.footerNote),
  };
}

function renderHtml(c: EmailContent, s: EmailBranding): string {
  const company = escapeHtml(s.companyName);
  const language = languageInfo(c.language ?? DEFAULT_LANGUAGE);
  const locale = { locale: language.code };
  const start = language.dir === "rtl" ? "right" : "left";
  const p = (text: string, extra = "") =>
    `<p style="margin:0 0 16px 0;font-family:${FONT};font-size:15px;line-height:24px;color:${INK};${extra}">${multiline(text)}</p>`;

  const preheader = c.preheader
    ? `<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;font-size:1px;line-height:1px;color:${PAGE_BG};opacity:0;">${escapeHtml(c.preheader)}&#8199;&#65279;&#847;&#8199;&#65279;&#847;&#8199;&#65279;&#847;</div>`
    : "";

  const intro = c.intro ? p(c.intro, `font-size:17px;line-height:26px;color:${INK};`) : "";
  const paragraphs = c.paragraphs.map((t) => p(t)).join("");

  const details =
    c.details && c.details.length > 0
      ? `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;margin:8px 0 24px 0;border:1px solid ${BORDER};border-radius:6px;">${c.details
          .map(
            ([label, value], i) =>
              `<tr><th scope="row" align="${start}" valign="top" style="padding:10px 14px;width:34%;font-family:${FONT};font-size:13px;line-height:20px;font-weight:600;color:${MUTED};background:#f8fafc;${i > 0 ? `border-top:1px solid ${BORDER};` : ""}">${escapeHtml(label)}</th><td valign="top" style="padding:10px 14px;font-family:${FONT};font-size:14px;line-height:20px;color:${INK};${i > 0 ? `border-top:1px solid ${BORDER};` : ""}">${multiline(value)}</td></tr>`,
          )
          .join("")}</table>`
      : "";

  const href = c.button ? safeUrl(c.button.url) : null;
  const button =
    c.button && href
      ? `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px 0;"><tr><td bgcolor="${TEAL}" style="border-radius:6px;background:${TEAL};"><a href="${escapeHtml(href)}" target="_blank" style="display:inline-block;padding:12px 22px;font-family:${FONT};font-size:15px;font-weight:600;line-height:20px;color:#ffffff;text-decoration:none;border-radius:6px;">${escapeHtml(c.button.label)}</a></td></tr></table><p style="margin:0 0 16px 0;font-family:${FONT};font-size:12px;line-height:18px;color:${MUTED};">${escapeHtml(m.mail_open_link({}, locale))} <a href="${escapeHtml(href)}" style="color:${TEAL};word-break:break-all;">${escapeHtml(href)}</a></p>`
      : "";

  const linkHref = c.link ? safeUrl(c.link.url) : null;
  const link =
    c.link && linkHref
      ? `<p style="margin:0 0 24px 0;font-family:${FONT};font-size:15px;line-height:24px;color:${INK};"><a href="${escapeHtml(linkHref)}" target="_blank" style="color:${TEAL};font-weight:600;">${escapeHtml(c.link.label)}</a><br><span style="font-size:12px;line-height:18px;color:${MUTED};word-break:break-all;">${escapeHtml(linkHref)}</span></p>`
      : "";

  const footerNote = c.footerNote
    ? `<p style="margin:0 0 12px 0;font-family:${FONT};font-size:12px;line-height:18px;color:${MUTED};">${multiline(c.footerNote)}</p>`
    : "";

  const contact = [escapeHtml(s.email), escapeHtml(s.phone), escapeHtml(placeOf(s, language.code))].join(" &middot; ");

  return `<!DOCTYPE html>
<html lang="${language.htmlLang}"${language.dir === "rtl" ? ' dir="rtl"' : ""}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="color-scheme" content="light">
<title>${escapeHtml(c.heading)}</title>
</head>
<body style="margin:0;padding:0;background:${PAGE_BG};"${language.dir === "rtl" ? ' dir="rtl"' : ""}>
${preheader}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${PAGE_BG}" style="background:${PAGE_BG};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;border-collapse:separate;">
<tr><td bgcolor="${TEAL}" style="background:${TEAL};padding:22px 28px;border-radius:8px 8px 0 0;">
<span style="font-family:${FONT};font-size:20px;font-weight:700;letter-spacing:0.2px;color:#ffffff;">${company}</span><br>
<span style="font-family:${FONT};font-size:12px;letter-spacing:1px;text-transform:uppercase;color:#ccfbf1;">${escapeHtml(m.mail_tagline({}, locale))}</span>
</td></tr>
<tr><td bgcolor="#ffffff" style="background:#ffffff;padding:28px 28px 12px 28px;border-left:1px solid ${BORDER};border-right:1px solid ${BORDER};">
<h1 style="margin:0 0 16px 0;font-family:${FONT};font-size:22px;line-height:30px;font-weight:700;color:${TEAL_DARK};">${escapeHtml(c.heading)}</h1>
${intro}${paragraphs}${details}${button}${link}
</td></tr>
<tr><td bgcolor="#ffffff" style="background:#ffffff;padding:16px 28px 24px 28px;border:1px solid ${BORDER};border-top:1px solid ${BORDER};border-radius:0 0 8px 8px;">
${footerNote}<p style="margin:0;font-family:${FONT};font-size:12px;line-height:18px;color:${MUTED};"><strong style="color:${INK};">${company}</strong><br>${contact}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
}

function renderText(c: EmailContent, s: EmailBranding): string {
  const language = c.language ?? DEFAULT_LANGUAGE;
  const lines: string[] = [s.companyName, "=".repeat(Math.min(s.companyName.length, 60)), "", c.heading, ""];
  if (c.intro) lines.push(c.intro, "");
  for (const para of c.paragraphs) lines.push(para, "");
  if (c.details && c.details.length > 0) {
    for (const [label, value] of c.details) {
      const v = value.includes("\n") ? `\n  ${value.split(/\r?\n/).join("\n  ")}` : ` ${value}`;
      lines.push(labelled(label, v, language));
    }
    lines.push("");
  }
  if (c.button) lines.push(labelled(c.button.label, ` ${c.button.url}`, language), "");
  if (c.link) lines.push(labelled(c.link.label, ` ${c.link.url}`, language), "");
  lines.push("--");
  if (c.footerNote) lines.push(c.footerNote);
  lines.push(s.companyName, [s.email, s.phone, placeOf(s, language)].join(" | "));
  return lines.join("\n") + "\n";
}
