/**
 * The side panel of a project page:
 * project details (client, duration if present, year, status), technical specifications as
 * key/value pairs, project team, awards and tags. Empty groups are left out.
 */
import { Award, Users } from "lucide-react";
import type { ProjectDetail } from "../projects.server";
import { technicalSpecEntries } from "../metrics";

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
          <dd className="text-right font-semibold text-foreground">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

export function ProjectSidePanel({ project }: { project: ProjectDetail }) {
  const details: [string, string][] = [];
  if (project.client) details.push(["Client", project.client]);
  if (project.duration) details.push(["Duration", project.duration]);
  if (project.year) details.push(["Year", project.year]);
  details.push(["Status", project.status]);
  if (project.location) details.push(["Location", project.location]);
  const specs = technicalSpecEntries(project.technicalSpecs);
  const team = project.teamMembers ?? [];
  const awards = project.awards ?? [];
  const tags = project.tags ?? [];

  return (
    <div className="flex flex-col gap-5">
      <PanelCard title="Project details">
        <Rows rows={details} />
      </PanelCard>
      {specs.length > 0 ? (
        <PanelCard title="Technical specifications">
          <Rows rows={specs} />
        </PanelCard>
      ) : null}
      {team.length > 0 ? (
        <PanelCard title="Project team" icon={<Users aria-hidden className="size-4" />}>
          <ul className="flex flex-col gap-2 text-sm">
            {team.map((member) => (
              <li key={member} className="flex items-start gap-2">
                <span aria-hidden className="mt-1.5 size-1.5 shrink-0 rounded-full bg-primary" />
                {member}
              </li>
            ))}
          </ul>
        </PanelCard>
      ) : null}
      {awards.length > 0 ? (
        <PanelCard title="Awards" icon={<Award aria-hidden className="size-4" />}>
          <ul className="flex flex-col gap-2 text-sm">
            {awards.map((award) => (
              <li key={award} className="rounded-lg bg-accent px-3 py-2 text-accent-foreground">
                {award}
              </li>
            ))}
          </ul>
        </PanelCard>
      ) : null}
      {tags.length > 0 ? (
        <PanelCard title="Tags">
          <ul className="flex flex-wrap gap-2">
            {tags.map((tag) => (
              <li key={tag} className="rounded-full border border-primary/20 bg-accent px-3 py-1 text-xs font-medium text-accent-foreground">
                {tag}
              </li>
            ))}
          </ul>
        </PanelCard>
      ) : null}
    </div>
  );
}
