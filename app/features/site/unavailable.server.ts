/**
 * The page every document request gets while the database is unreachable:
 * 503 with `Retry-After`, self-contained (no database, no scripts, inline styles only), never
 * cached. Served by the Express gate in server/app.ts and by entry.server.tsx for a request whose
 * loader hit the failure first.
 */

/** Seconds a client is told to wait before retrying. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 30;

/** Headers of the 503 answer. */
export const UNAVAILABLE_HEADERS: Readonly<Record<string, string>> = {
  "Content-Type": "text/html; charset=utf-8",
  "Cache-Control": "no-store",
  "Retry-After": String(UNAVAILABLE_RETRY_AFTER_SECONDS),
};

/** The HTML of the 503 page. */
export const UNAVAILABLE_PAGE = `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Temporarily unavailable | Meridian Engineering</title>
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
  <h1>We'll be back shortly</h1>
  <p>Our website is having a brief technical problem and cannot show this page right now. Please try again in a minute.</p>
  <a href="/">Try again</a>
</main>
</body>
</html>
`;
