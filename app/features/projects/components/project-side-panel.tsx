/**
 * The side panel of a project page:
 * project details (client, duration if present, year, status), technical specifications as
 * key/value pairs, project team, awards and tags. Empty groups are left out.
 */
import { Award, Users } from "lucide-react";
import type { ProjectDetail } from "../projects.server";
import { technicalSpecEntries } from "../metrics";
import { contentDir, type Language } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";

/** The work statuses' names, catalogue messages called with the page's language. */
const STATUS_MESSAGES: Record<string, (inputs: Record<string, never>, options: { locale: Language }) => string> = {
  Completed: m.project_status_completed,
  "In Progress": m.project_status_in_progress,
  "On Hold": m.project_status_on_hold,
};

function PanelCard({ title, icon, children }: { title: string; icon?: React.ReactNode; children: React.ReactNode }) {
  return (
    <section className="rounded-xl border bg-card p-6 shadow-sm">
      <h2 className="flex items-center gap-2 text-sm font-bold tracking-wider text-accent-foreground uppercase">
        {icon}
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function Rows({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="divide-y text-sm">
      {rows.map(([k, v]) => (
        <div key={k} className="flex justify-between gap-4 py-2.5 first:pt-0 last:pb-0">
          <dt className="text-muted-foreground">{k}</dt>
          <dd className="text-end font-semibold text-foreground">
            <bdi>{v}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The panel in the page's `language` (its labels and the work status; the values are the project's). */
export function ProjectSidePanel({ project, language }: { project: ProjectDetail; language: Language }) {
  const locale = { locale: language };
  // Lists shown as staff wrote them in English read in their own direction on a right-to-left page.
  const dir = contentDir(language);
  const details: [string, string][] = [];
  if (project.client) details.push([m.project_client({}, locale), project.client]);
  if (project.duration) details.push([m.project_duration({}, locale), project.duration]);
  if (project.year) details.push([m.project_year({}, locale), project.year]);
  details.push([m.project_status({}, locale), STATUS_MESSAGES[project.status]?.({}, locale) ?? project.status]);
  if (project.location) details.push([m.project_location({}, locale), project.location]);
  const specs = technicalSpecEntries(project.technicalSpecs);
  const team = project.teamMembers ?? [];
  const awards = project.awards ?? [];
  const tags = project.tags ?? [];

  return (
    <div className="flex flex-col gap-5">
      <PanelCard title={m.project_details({}, locale)}>
        <Rows rows={details} />
      </PanelCard>
      {specs.length > 0 ? (
        <PanelCard title={m.project_specs({}, locale)}>
          <Rows rows={specs} />
        </PanelCard>
      ) : null}
      {team.length > 0 ? (
        <PanelCard title={m.project_team({}, locale)} icon={<Users aria-hidden className="size-4" />}>
          <ul className="flex flex-col gap-2 text-sm">
            {team.map((member) => (
              <li key={member} dir={dir} className="flex items-start gap-2">
                <span aria-hidden className="mt-1.5 size-1.5 shrink-0 rounded-full bg-primary" />
                {member}
              </li>
            ))}
          </ul>
        </PanelCard>
      ) : null}
      {awards.length > 0 ? (
        <PanelCard title={m.project_awards({}, locale)} icon={<Award aria-hidden className="size-4" />}>
          <ul className="flex flex-col gap-2 text-sm">
            {awards.map((award) => (
              <li key={award} dir={dir} className="rounded-lg bg-accent px-3 py-2 text-accent-foreground">
                {award}
              </li>
            ))}
          </ul>
        </PanelCard>
      ) : null}
      {tags.length > 0 ? (
        <PanelCard title={m.project_tags({}, locale)}>
          <ul className="flex flex-wrap gap-2">
            {tags.map((tag) => (
              <li key={tag} dir={dir} className="rounded-full border border-primary/20 bg-accent px-3 py-1 text-xs font-medium text-accent-foreground">
                {tag}
              </li>
            ))}
          </ul>
        </PanelCard>
      ) : null}
    </div>
  );
}
