/**
 * The language tabs above a project's or a post's edit screen (ADR 33): English (the item itself)
 * and each language the site offers, with where its translation stands (Not translated, Draft,
 * Scheduled, Published) and "English changed" when the English words moved on since it was saved.
 * Links: each language is its own screen (`{edit path}/{language}`).
 */
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/utils/cn";
import { DEFAULT_LANGUAGE } from "~/utils/i18n";
import { type LanguageTab, TRANSLATION_STATUS_LABELS, TRANSLATION_STATUS_VARIANTS } from "../status";

/** The tabs of the item edited at `editPath`, `current` marked. Nothing when the site offers English only. */
export function LanguageTabs({ tabs, current, editPath }: { tabs: LanguageTab[]; current: string; editPath: string }) {
  if (tabs.length < 2) return null;
  return (
    <nav aria-label="Languages" className="mb-6 border-b">
      <ul className="flex flex-wrap gap-x-1">
        {tabs.map((tab) => {
          const active = tab.language === current;
          return (
            <li key={tab.language}>
              <Link
                to={tab.language === DEFAULT_LANGUAGE ? editPath : `${editPath}/${tab.language}`}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "-mb-px flex min-h-11 items-center gap-2 border-b-2 px-3 text-sm font-medium",
                  active ? "border-primary text-foreground" : "border-transparent text-muted-foreground hover:text-foreground",
                )}
              >
                <span lang={tab.language}>{tab.name}</span>
                {tab.language === DEFAULT_LANGUAGE ? null : (
                  <>
                    <Badge variant={TRANSLATION_STATUS_VARIANTS[tab.status]}>{TRANSLATION_STATUS_LABELS[tab.status]}</Badge>
                    {tab.behindEnglish ? <Badge variant="yellow">English changed</Badge> : null}
                  </>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
