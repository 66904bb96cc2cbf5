/**
 * The translations overview screen: one table (on a phone, one card per item) of every project and
 * article (not archived) with, for each offered language besides English, a link to its translation tab showing where it
 * stands, and "English changed" when the English words moved on since it was saved. A filter keeps
 * only the rows that need work (a translation missing or behind English). The consultation
 * questions follow it on the same screen (`QuestionTranslations`).
 */
import { Fragment } from "react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { AdminPageHeader } from "~/components/admin-page-header";
import { StateBadge } from "~/features/cms/components/state-badge";
import { INSIGHT_KIND } from "~/features/insights/kind";
import { PROJECT_KIND } from "~/features/projects/kind";
import { languageInfo, type Language } from "~/utils/i18n";
import type { OverviewRow } from "../overview.server";
import { TRANSLATION_STATUS_LABELS, TRANSLATION_STATUS_VARIANTS } from "../status";

const PATHS = { project: PROJECT_KIND.paths, insight: INSIGHT_KIND.paths } as const;
const KIND_LABELS = { project: "Project", insight: "Blog post" } as const;

/** One translation's state, linking to its tab: its status, and "English changed" when it is behind. */
function TranslationLink({ row, language }: { row: OverviewRow; language: OverviewRow["languages"][number] }) {
  return (
    <Link to={`${PATHS[row.kind].edit(row.id)}/${language.language}`} className="inline-flex flex-wrap items-center gap-1.5 rounded hover:underline">
      <Badge variant={TRANSLATION_STATUS_VARIANTS[language.status]}>{TRANSLATION_STATUS_LABELS[language.status]}</Badge>
      {language.behindEnglish ? <Badge variant="orange">English changed</Badge> : null}
      <span className="sr-only">
        : {languageInfo(language.language).name} translation of {row.title}
      </span>
    </Link>
  );
}

/** The overview of `rows` in `languages`; `needsWork` when only rows with a missing or behind translation are listed. */
export function TranslationsOverview({ languages, rows, needsWork }: { languages: Language[]; rows: OverviewRow[]; needsWork: boolean }) {
  const shown = needsWork ? rows.filter((r) => r.languages.some((l) => l.status === "missing" || l.status === "draft" || l.behindEnglish)) : rows;
  return (
    <>
      <AdminPageHeader title="Translations" description="Every project and blog post in each language the site offers: missing, draft, scheduled, published, or behind its English version. Then the consultation questions the booking wizard asks." />
      <nav aria-label="Filter translations" className="mb-6 flex flex-wrap gap-2 text-sm">
        <Link to="?" aria-current={needsWork ? undefined : "page"} className="rounded-full border px-3 py-1.5 font-medium aria-[current=page]:border-primary aria-[current=page]:bg-accent">
          All ({rows.length})
        </Link>
        <Link to="?needs=work" aria-current={needsWork ? "page" : undefined} className="rounded-full border px-3 py-1.5 font-medium aria-[current=page]:border-primary aria-[current=page]:bg-accent">
          Needs work
        </Link>
      </nav>
      {languages.length === 0 ? (
        <p className="text-muted-foreground">The site offers English only (Settings &gt; Languages), so there is nothing to translate.</p>
      ) : shown.length === 0 ? (
        <p className="text-muted-foreground">Every translation is published and up to date.</p>
      ) : (
        <>
          {/* On a phone, one card per item (a table of five columns would scroll sideways). */}
          <ul aria-label="Translations" className="space-y-3 md:hidden">
            {shown.map((row) => (
              <li key={`${row.kind}-${row.id}`} className="rounded-lg border p-4">
                <Link to={PATHS[row.kind].edit(row.id)} className="font-medium text-primary hover:underline">
                  {row.title}
                </Link>
                <span className="block text-xs text-muted-foreground">{KIND_LABELS[row.kind]}</span>
                <dl className="mt-3 grid grid-cols-[auto_1fr] items-center gap-x-3 gap-y-2 text-sm">
                  <dt>English</dt>
                  <dd>
                    <StateBadge state={row.english} />
                  </dd>
                  {row.languages.map((l) => (
                    <Fragment key={l.language}>
                      <dt lang={languageInfo(l.language).htmlLang}>{languageInfo(l.language).name}</dt>
                      <dd>
                        <TranslationLink row={row} language={l} />
                      </dd>
                    </Fragment>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
          {/* Its own scroll area where the screen is still narrow, reachable by keyboard; `relative` keeps the links' screen-reader text inside it. */}
          <div role="region" aria-label="Translations table" tabIndex={0} className="relative hidden overflow-x-auto rounded-lg border md:block">
          <table className="w-full min-w-[40rem] text-sm">
            <caption className="sr-only">Translations of projects and blog posts</caption>
            <thead className="bg-muted/60 text-start">
              <tr>
                {[
                  { key: "item", label: "Item" },
                  { key: "en", label: "English" },
                  ...languages.map((code) => ({ key: code, label: languageInfo(code).name, lang: languageInfo(code).htmlLang })),
                ].map((column) => (
                  <th key={column.key} scope="col" className="px-4 py-3 text-start font-semibold" lang={"lang" in column ? column.lang : undefined}>
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y">
              {shown.map((row) => (
                <tr key={`${row.kind}-${row.id}`}>
                  <th scope="row" className="px-4 py-3 text-start font-normal">
                    <Link to={PATHS[row.kind].edit(row.id)} className="font-medium text-primary hover:underline">
                      {row.title}
                    </Link>
                    <span className="block text-xs text-muted-foreground">{KIND_LABELS[row.kind]}</span>
                  </th>
                  <td className="px-4 py-3">
                    <StateBadge state={row.english} />
                  </td>
                  {row.languages.map((l) => (
                    <td key={l.language} className="px-4 py-3">
                      <TranslationLink row={row} language={l} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          </div>
        </>
      )}
    </>
  );
}
