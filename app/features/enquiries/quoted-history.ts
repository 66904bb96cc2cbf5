/**
 * What staff see of a visitor's e-mail: its new text without the quoted history mail programs
 * append (Gmail's and Apple Mail's "On ... wrote:", Outlook's "From: / Sent:" block or
 * "-----Original Message-----", trailing "> " lines). The full text is always kept beside it.
 * Also a plain-text rendering of an HTML-only e-mail. Pure functions, no markup is ever kept.
 */

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " ", "#39": "'" };

/** Decodes the HTML entities of text (named basics and numeric). */
function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z]{2,8}|#39);/gi, (whole, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith("#x")) return safeChar(parseInt(lower.slice(2), 16)) ?? whole;
    if (lower.startsWith("#")) return safeChar(parseInt(lower.slice(1), 10)) ?? whole;
    return ENTITIES[lower] ?? whole;
  });
}

function safeChar(code: number): string | null {
  return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : null;
}

/**
 * Markers where mail programs start the quoted history in HTML: Gmail's `gmail_quote`, Outlook's
 * `divRplyFwdMsg` / `appendonsend` / `OLK_SRC_BODY_SECTION`, Apple's and Thunderbird's cite blockquote.
 */
// Inside a tag, `[^<>]` rather than `[^>]`: a scan from one `<` stops at the next, so text full of
// unclosed tags costs linear time, not quadratic.
const HTML_QUOTE_MARKERS = [/<div[^<>]*class="[^"<>]*gmail_quote/i, /<div[^<>]*id="(divRplyFwdMsg|appendonsend)"/i, /<span[^<>]*id="OLK_SRC_BODY_SECTION"/i, /<blockquote[^<>]*type="cite"/i, /<hr[^<>]*id="stopSpelling"/i];

/** The HTML before the first quoted-history marker (the whole HTML when none). */
export function htmlBeforeQuote(html: string): string {
  let end = html.length;
  for (const marker of HTML_QUOTE_MARKERS) {
    const at = html.search(marker);
    if (at >= 0 && at < end) end = at;
  }
  return html.slice(0, end);
}

/**
 * `html` without its hidden parts: `<head>`, `<style>`, `<script>` and `<title>` elements and
 * comments. Each part's end is found with indexOf, so this is linear however many are left open;
 * an unclosed part runs to the end, as in a browser.
 */
function removeHidden(html: string): string {
  const start = /<(head|style|script|title)\b|<!--/gi;
  let out = "";
  let from = 0;
  for (;;) {
    start.lastIndex = from;
    const found = start.exec(html);
    if (!found) return out + html.slice(from);
    out += html.slice(from, found.index);
    const end = new RegExp(found[1] ? `</${found[1]}\\s*>` : "-->", "gi");
    end.lastIndex = start.lastIndex;
    if (!end.exec(html)) return out;
    from = end.lastIndex;
  }
}

/**
 * Plain text of an HTML body: block ends and `<br>` become line breaks, list items get "- ", tags
 * go, entities are decoded. Linear in the length of `html` (of which the first 2,000,000
 * characters are read).
 */
export function htmlToText(html: string): string {
  const text = removeHidden(html.slice(0, 2_000_000))
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<li[^<>]*>/gi, "\n- ")
    .replace(/<\/(p|div|h[1-6]|tr|table|ul|ol|blockquote)\s*>/gi, "\n")
    .replace(/<(p|div|h[1-6]|tr|table|hr)[^<>]*>/gi, "\n")
    .replace(/<[^<>]+>/g, "");
  return decodeEntities(text)
    .replace(/[ \t\u00a0]+/g, " ")
    .split("\n")
    .map((l) => l.trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

const ATTRIBUTION = /^(on|am|le|el|il|op)\s.{1,300}(wrote|schrieb|a écrit|escribió|ha scritto|schreef)\s*:\s*$/i;

/** The index of the first line of the quoted history in `lines`, or -1. */
function quoteStart(lines: string[]): number {
  // quotedToEnd[i]: lines i to the end are all quoted ("> ...") or blank (one pass from the end).
  const quotedToEnd: boolean[] = new Array<boolean>(lines.length + 1).fill(true);
  for (let i = lines.length - 1; i >= 0; i--) {
    const l = lines[i]!.trim();
    quotedToEnd[i] = quotedToEnd[i + 1]! && (l === "" || l.startsWith(">"));
  }
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    const joined = `${line} ${lines[i + 1]?.trim() ?? ""}`.trim();
    if (ATTRIBUTION.test(line) || (/^(on|am|le)\s/i.test(line) && ATTRIBUTION.test(joined))) return i;
    if (/^-{2,}\s*(original message|ursprüngliche nachricht|message d'origine)\s*-{2,}$/i.test(line)) return i;
    if (/^_{10,}$/.test(line)) return i;
    if (/^(from|von|de):\s.+/i.test(line) && lines.slice(i + 1, i + 5).some((l) => /^(sent|date|gesendet|envoyé):\s/i.test(l.trim()))) return i;
    if (line.startsWith(">") && quotedToEnd[i]) return i;
  }
  return -1;
}

/**
 * The new part of a reply's text: everything before the quoted history, trailing blank lines
 * removed. The whole text when no history is found (or nothing would be left).
 */
export function trimQuotedHistory(text: string): string {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const start = quoteStart(lines);
  if (start <= 0) return text.trim();
  const kept = lines.slice(0, start).join("\n").trim();
  return kept || text.trim();
}
