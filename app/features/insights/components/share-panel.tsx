/**
 * Share panel of an article:
 * X/Twitter intent and LinkedIn share links carrying the page URL, a mailto with the title and URL,
 * and Copy link, which writes the URL to the clipboard and confirms with a toast (a failure is logged
 * only; `app/enhance/share.ts`). Without JavaScript the Copy link button is not shown.
 */
import { Link2, Mail } from "lucide-react";
import type { Language } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";

/** The three share addresses for a page URL and title. */
export function shareLinks(url: string, title: string) {
  return {
    twitter: `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent(title)}`,
    linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`,
    email: `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(`${title}\n\n${url}`)}`,
  };
}

function XLogo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden className={className} fill="currentColor">
      <path d="M18.244 2.25h3.308l-7.227 8.26 8.502 11.24H16.17l-5.214-6.817L4.99 21.75H1.68l7.73-8.835L1.254 2.25H8.08l4.713 6.231zm-1.161 17.52h1.833L7.084 4.126H5.117z" />
    </svg>
  );
}

function LinkedinLogo({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden className={className} fill="currentColor">
      <path d="M20.45 20.45h-3.56v-5.57c0-1.33-.02-3.04-1.85-3.04-1.85 0-2.14 1.45-2.14 2.94v5.67H9.35V9h3.41v1.56h.05c.48-.9 1.64-1.85 3.37-1.85 3.6 0 4.27 2.37 4.27 5.46v6.28zM5.34 7.43a2.06 2.06 0 1 1 0-4.13 2.06 2.06 0 0 1 0 4.13zM7.12 20.45H3.56V9h3.56v11.45zM22.22 0H1.77C.79 0 0 .77 0 1.73v20.54C0 23.23.79 24 1.77 24h20.45c.98 0 1.78-.77 1.78-1.73V1.73C24 .77 23.2 0 22.22 0z" />
    </svg>
  );
}

const itemClass =
  "inline-flex h-10 items-center gap-2 rounded-md border bg-white px-3 text-sm font-semibold text-foreground transition-colors hover:border-primary hover:text-primary";

/** The share links of the article `title` at `url`, labelled in the page's `language`. */
export function SharePanel({ url, title, language }: { url: string; title: string; language: Language }) {
  const links = shareLinks(url, title);
  const locale = { locale: language };
  return (
    <section aria-labelledby="share-heading" className="rounded-xl border bg-muted/60 p-5">
      <h2 id="share-heading" className="text-sm font-bold tracking-wider text-accent-foreground uppercase">
        {m.insight_share({}, locale)}
      </h2>
      <div className="mt-4 flex flex-wrap gap-2">
        <a href={links.twitter} target="_blank" rel="noopener noreferrer" className={itemClass}>
          <XLogo className="size-4" />
          Twitter
          <span className="sr-only">{m.insight_new_tab({}, locale)}</span>
        </a>
        <a href={links.linkedin} target="_blank" rel="noopener noreferrer" className={itemClass}>
          <LinkedinLogo className="size-4" />
          LinkedIn
          <span className="sr-only">{m.insight_new_tab({}, locale)}</span>
        </a>
        <a href={links.email} className={itemClass}>
          <Mail aria-hidden className="size-4" />
          {m.insight_email({}, locale)}
        </a>
        <button type="button" data-copy-link={url} hidden className={itemClass}>
          <Link2 aria-hidden className="size-4" />
          {m.insight_copy_link({}, locale)}
        </button>
      </div>
    </section>
  );
}
