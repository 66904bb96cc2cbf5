/**
 * The formatting a staff reply may use, written as plain text: paragraphs (separated by a blank
 * line), line breaks, web links (`https://...`, made clickable) and lists (lines starting with
 * `- `, `* ` or `1. `). Nothing else: no HTML is ever taken from the text, every character is
 * escaped. Shared by the server (the e-mail's HTML part) and the conversation on screen.
 */

/** One block of a reply: a paragraph (its lines) or a list (its items). */
export type ReplyBlock = { type: "paragraph"; lines: string[] } | { type: "ul" | "ol"; items: string[] };

const BULLET = /^\s*[-*•]\s+(.*)$/;
const NUMBERED = /^\s*\d{1,3}[.)]\s+(.*)$/;

/** Splits a reply into blocks: blank lines separate them; a block whose every line is a bullet (or numbered) is a list. */
export function replyBlocks(text: string): ReplyBlock[] {
  const blocks: ReplyBlock[] = [];
  for (const chunk of text.replace(/\r\n?/g, "\n").split(/\n\s*\n/)) {
    const lines = chunk.split("\n").map((l) => l.trimEnd()).filter((l) => l.trim() !== "");
    if (lines.length === 0) continue;
    if (lines.every((l) => BULLET.test(l))) blocks.push({ type: "ul", items: lines.map((l) => BULLET.exec(l)![1]!) });
    else if (lines.every((l) => NUMBERED.test(l))) blocks.push({ type: "ol", items: lines.map((l) => NUMBERED.exec(l)![1]!) });
    else blocks.push({ type: "paragraph", lines });
  }
  return blocks;
}

/** A piece of a line: text, or a link whose `href` is an http(s) URL. */
export type ReplyInline = { text: string; href?: string };

/** Splits a line into text and http(s) links (a trailing `.`, `,`, `)` or `;` stays outside the link). */
export function replyInlines(line: string): ReplyInline[] {
  const parts: ReplyInline[] = [];
  let last = 0;
  for (const match of line.matchAll(/https?:\/\/[^\s<>"]+/gi)) {
    let url = match[0];
    const trailing = /[.,;:!?)\]]+$/.exec(url)?.[0] ?? "";
    url = url.slice(0, url.length - trailing.length);
    if (match.index > last) parts.push({ text: line.slice(last, match.index) });
    parts.push({ text: url, href: url });
    last = match.index + url.length;
  }
  if (last < line.length) parts.push({ text: line.slice(last) });
  return parts;
}

function escape(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

function inlineHtml(line: string): string {
  return replyInlines(line)
    .map((p) => (p.href ? `<a href="${escape(p.href)}">${escape(p.text)}</a>` : escape(p.text)))
    .join("");
}

/** The reply as e-mail HTML (paragraphs, `<br>`, `<ul>`/`<ol>`, links), every character escaped. */
export function replyToHtml(text: string): string {
  return replyBlocks(text)
    .map((b) =>
      b.type === "paragraph"
        ? `<p style="margin:0 0 12px">${b.lines.map(inlineHtml).join("<br>")}</p>`
        : `<${b.type} style="margin:0 0 12px;padding-left:24px">${b.items.map((i) => `<li>${inlineHtml(i)}</li>`).join("")}</${b.type}>`,
    )
    .join("\n");
}
