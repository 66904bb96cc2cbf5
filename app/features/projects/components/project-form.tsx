/**
 * The project create and edit form: basic info, details, media, settings, lists, technical specs,
 * card metrics, SEO, and the publishing and history panels. Labels, hints and required marks come
 * from `PROJECT_KIND`'s fields, the ones the server validates. Posts to the current route.
 */
import { Field } from "~/components/field";
import { ContentForm, type ContentEditState } from "~/features/cms/components/content-form";
import { Input, NativeSelect } from "~/components/ui/input";
import { PROJECT_CATEGORIES, PROJECT_WORK_STATUSES } from "~/utils/domain";
import type { ProjectMetrics, TechnicalSpecs } from "~/db/schema";
import { KindCheckbox, KindImageField, KindListField, KindTextField } from "~/features/cms/components/kind-fields";
import { OrderedRows } from "~/features/cms/components/ordered-rows";
import { FormSection as Section } from "~/features/cms/components/form-section";
import { SeoPanel } from "~/features/cms/components/seo-panel";
import { PROJECT_KIND } from "../kind";
import { METRIC_KEYS, METRIC_LABELS, metricList, technicalSpecEntries } from "../metrics";
import { CATEGORY_LABELS } from "./project-card";
import type { FieldErrors } from "~/utils/forms";

const F = PROJECT_KIND.fields;

/** The values a form starts from: a saved project, a restored revision, or the create defaults. */
export type ProjectFormDefaults = {
  title?: string | null;
  client?: string | null;
  subtitle?: string | null;
  location?: string | null;
  year?: string | null;
  duration?: string | null;
  overview?: string | null;
  challenge?: string | null;
  approach?: string | null;
  solution?: string | null;
  impact?: string | null;
  heroImage?: string | null;
  images?: string[] | null;
  videoUrl?: string | null;
  category?: string | null;
  status?: string | null;
  featured?: boolean;
  tags?: string[] | null;
  teamMembers?: string[] | null;
  awards?: string[] | null;
  technicalSpecs?: TechnicalSpecs | null;
  metrics?: ProjectMetrics | null;
  seoTitle?: string | null;
  seoDescription?: string | null;
  slug?: string | null;
};

export type ProjectFormProps = {
  mode: "create" | "edit";
  defaults: ProjectFormDefaults;
  errors?: FieldErrors;
  publicOrigin: string;
  edit?: ContentEditState;
};

/** The project form for `mode` create or edit, starting from `defaults`, with the server's field `errors`. */
export function ProjectForm({ mode, defaults: d, errors = {}, publicOrigin, edit }: ProjectFormProps) {
  const text = (name: "title" | "client" | "subtitle" | "location" | "year" | "duration" | "overview" | "challenge" | "approach" | "solution" | "impact" | "videoUrl") => (
    <KindTextField field={F[name]} name={name} errors={errors} value={d[name]} />
  );
  const list = (name: "tags" | "teamMembers" | "awards") => <KindListField field={F[name]} name={name} errors={errors} value={d[name]} />;
  return (
    <ContentForm mode={mode} edit={edit} errors={errors}>
      <Section title="Basic Information">
        <div className="grid gap-4 sm:grid-cols-2">
          {text("title")}
          {text("client")}
          {text("subtitle")}
          {text("location")}
          {text("year")}
          {text("duration")}
        </div>
      </Section>
      <Section title="Project Details">
        {text("overview")}
        {text("challenge")}
        {text("approach")}
        {text("solution")}
        {text("impact")}
      </Section>
      <Section title="Media">
        <KindImageField field={F.heroImage} name="heroImage" errors={errors} value={d.heroImage} />
        <KindImageField field={F.images} name="images" errors={errors} value={d.images} />
        {text("videoUrl")}
      </Section>
      <Section title="Settings">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={F.category.label} required errors={errors.category}>
            {(control) => (
              <NativeSelect {...control} name="category" defaultValue={d.category ?? ""}>
                <option value="">Select a category</option>
                {PROJECT_CATEGORIES.map((c) => (
                  <option key={c} value={c}>{CATEGORY_LABELS[c]}</option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Field label={F.status.label} required errors={errors.status}>
            {(control) => (
              <NativeSelect {...control} name="status" defaultValue={d.status ?? ""}>
                <option value="">Select a status</option>
                {PROJECT_WORK_STATUSES.map((s) => (
                  <option key={s} value={s}>{s}</option>
                ))}
              </NativeSelect>
            )}
          </Field>
        </div>
        <KindCheckbox field={F.featured} name="featured" value={d.featured} />
      </Section>
      <Section title="Tags, Team and Awards">
        {list("tags")}
        {list("teamMembers")}
        {list("awards")}
      </Section>
      <Section title={F.technicalSpecs.label}>
        <OrderedRows
          legend={F.technicalSpecs.hint!}
          rowLabel={F.technicalSpecs.itemLabel!}
          defaultRows={technicalSpecEntries(d.technicalSpecs).map(([key, value]) => ({ key, value }))}
          emptyRow={() => ({ key: "", value: "" })}
          errors={errors.technicalSpecs}
          renderRow={(row, i) => (
            <>
              <Input name="specKey" defaultValue={row.key} aria-label={`Specification ${i + 1} label`} placeholder="Label, e.g. Span" />
              <Input name="specValue" defaultValue={row.value} aria-label={`Specification ${i + 1} value`} placeholder="Value, e.g. 68 m" />
            </>
          )}
        />
      </Section>
      <Section title={F.metrics.label}>
        <OrderedRows
          legend={F.metrics.hint!}
          rowLabel={F.metrics.itemLabel!}
          maxRows={METRIC_KEYS.length}
          defaultRows={metricList(d.metrics).map((m) => ({ key: m.key as string, value: m.value, unit: m.unit ?? "" }))}
          emptyRow={() => ({ key: "", value: "", unit: "" })}
          errors={errors.metrics}
          renderRow={(row, i) => (
            <>
              <NativeSelect name="metricKey" defaultValue={row.key} aria-label={`Metric ${i + 1}`}>
                <option value="">Choose a metric</option>
                {METRIC_KEYS.map((k) => (
                  <option key={k} value={k}>{METRIC_LABELS[k]}</option>
                ))}
              </NativeSelect>
              <Input name="metricValue" defaultValue={row.value} aria-label={`Metric ${i + 1} value`} placeholder="Value, e.g. 112" />
              <Input name="metricUnit" defaultValue={row.unit} aria-label={`Metric ${i + 1} unit`} placeholder="Unit, e.g. m" />
            </>
          )}
        />
      </Section>
      <Section title="SEO">
        <SeoPanel
          defaultTitle={d.seoTitle ?? null}
          defaultDescription={d.seoDescription ?? null}
          fallbackTitle={d.title ?? ""}
          fallbackDescription={d.subtitle ?? d.overview ?? ""}
          url={`${publicOrigin}/projects/${d.slug ?? "…"}`}
          errors={errors}
        />
      </Section>
    </ContentForm>
  );
}
