/**
 * Small self-contained HTML pages the server answers with before (or without) React Router: no
 * database, no scripts, inline styles only, `noindex`. Used for the 503 page while the database
 * is unreachable and for refusing the rest of a flood cheaply.
 */

/** What a standalone page says; every string is plain text and is HTML-escaped here. */
export type StandalonePage = {
  /** The document title, before " | Meridian Engineering". */
  title: string;
  heading: string;
  paragraph: string;
  link: { href: string; label: string };
};

/** Escapes text for an element or a double-quoted attribute (an apostrophe stays as it is). */
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/** The full HTML document (en-GB) of a standalone page. */
export function renderStandalonePage(page: StandalonePage): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(page.title)} | Meridian Engineering</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
  body { margin: 0; min-height: 100dvh; display: grid; place-items: center; background: #f8fafc; color: #0f172a;
    font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { max-width: 36rem; padding: 2rem 1.5rem; text-align: center; }
  h1 { font-size: 1.875rem; margin: 0 0 1rem; }
  p { color: #475569; line-height: 1.6; margin: 0 0 1.5rem; }
  a { color: #1d4ed8; font-weight: 600; }
</style>
</head>
<body>
<main>
  <p><strong>Meridian Engineering</strong></p>
  <h1>${escapeHtml(page.heading)}</h1>
  <p>${escapeHtml(page.paragraph)}</p>
  <a href="${escapeHtml(page.link.href)}">${escapeHtml(page.link.label)}</a>
</main>
</body>
</html>
`;
}
