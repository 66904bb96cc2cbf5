// The in-memory limit for a page (the yardstick of bench/cache.ts and bench/hit-cost.ts): a bare node:http server returning files from memory, no
// compression, no middleware. Benchmarks compare the site's requests/s with this server's on the
// same page bytes, in the same run and with the same load settings (both sides share the machine).
// Usage: node static-limit.mjs DIR PORT   (DIR/a/index.html is served at /a/)
import http from "node:http";
import fs from "node:fs";
import path from "node:path";
const root = process.argv[2], port = Number(process.argv[3] || 8081);
const types = { ".html": "text/html; charset=utf-8", ".css": "text/css", ".js": "text/javascript", ".webp": "image/webp", ".jpg": "image/jpeg", ".svg": "image/svg+xml", ".woff": "font/woff", ".ico": "image/x-icon", ".xml": "application/xml" };
const cache = new Map();
http.createServer((req, res) => {
  let p = decodeURIComponent(new URL(req.url, "http://x").pathname);
  if (p.endsWith("/")) p += "index.html";
  let f = path.join(root, path.normalize(p));
  if (!f.startsWith(root)) { res.writeHead(403); return res.end(); }
  let b = cache.get(f);
  if (!b) { try { b = fs.readFileSync(f); cache.set(f, b); } catch { res.writeHead(404); return res.end("not found"); } }
  res.writeHead(200, { "content-type": types[path.extname(f)] || "application/octet-stream", "content-length": b.length });
  res.end(b);
}).listen(port, "127.0.0.1");
