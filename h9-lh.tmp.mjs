import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import fs from "node:fs";
const url = process.argv[2]; const out = process.argv[3];
const chrome = await chromeLauncher.launch({ chromePath: "/usr/bin/chromium", chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"] });
try {
  const r = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance","accessibility","best-practices","seo"] });
  fs.writeFileSync(out, r.report);
  const a = r.lhr.audits;
  console.log(url, Object.fromEntries(Object.entries(r.lhr.categories).map(([k,v])=>[k,Math.round(v.score*100)])), "LCP", Math.round(a["largest-contentful-paint"].numericValue), "FCP", Math.round(a["first-contentful-paint"].numericValue), "SI", Math.round(a["speed-index"].numericValue), "TBT", Math.round(a["total-blocking-time"].numericValue));
} finally { await chrome.kill(); }
