/**
 * The project create and edit form (`shared/spec/booking-and-admin.md` "Project create and edit
 * forms"; issue 7): basic info, details, media, settings, lists, technical specs, card metrics,
 * SEO, and the publishing and history panels. Posts to the current route.
 */
import { Field } from "~/components/field";
import { ContentForm, type ContentEditState } from "~/features/cms/components/content-form";
import { Input, NativeSelect, Textarea } from "~/components/ui/input";
import { PROJECT_CATEGORIES, PROJECT_WORK_STATUSES } from "~/utils/domain";
import type { ProjectMetrics, TechnicalSpecs } from "~/db/schema";
import { ListEditor } from "~/features/cms/components/list-editor";
import { OrderedRows } from "~/features/cms/components/ordered-rows";
import { FieldErrors } from "~/features/cms/components/field-errors";
import { FormSection as Section } from "~/features/cms/components/form-section";
import { SeoPanel } from "~/features/cms/components/seo-panel";
import { ImagePicker } from "~/features/media/components/image-picker";
import { METRIC_KEYS, METRIC_LABELS, metricList, technicalSpecEntries } from "../metrics";
import { CATEGORY_LABELS } from "./project-card";

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
  errors?: Record<string, string[]>;
  publicOrigin: string;
  edit?: ContentEditState;
};

export function ProjectForm({ mode, defaults: d, errors = {}, publicOrigin, edit }: ProjectFormProps) {
  const text = (name: keyof ProjectFormDefaults, label: string, opts: { required?: boolean; long?: boolean; hint?: string } = {}) => (
    <Field label={label} required={opts.required} errors={errors[name]} hint={opts.hint}>
      {(control) =>
        opts.long ? (
          <Textarea {...control} name={name} rows={5} defaultValue={(d[name] as string | null) ?? ""} />
        ) : (
          <Input {...control} name={name} required={opts.required} defaultValue={(d[name] as string | null) ?? ""} />
        )
      }
    </Field>
  );
  return (
    <ContentForm mode={mode} edit={edit} errors={errors}>
      <Section title="Basic Information">
        <div className="grid gap-4 sm:grid-cols-2">
          {text("title", "Project Title", { required: true })}
          {text("client", "Client", { required: true })}
          {text("subtitle", "Subtitle")}
          {text("location", "Location")}
          {text("year", "Year")}
          {text("duration", "Duration")}
        </div>
      </Section>
      <Section title="Project Details">
        {text("overview", "Overview", { long: true, required: true, hint: "Required to publish." })}
        {text("challenge", "Challenge", { long: true })}
        {text("approach", "Approach", { long: true })}
        {text("solution", "Solution", { long: true })}
        {text("impact", "Impact", { long: true })}
      </Section>
      <Section title="Media">
        <ImagePicker name="heroImage" label="Hero Image" required defaultValue={d.heroImage} />
        <FieldErrors errors={errors.heroImage} />
        <ImagePicker multiple name="images" label="Gallery Images" defaultValue={d.images} />
        <FieldErrors errors={errors.images} />
        {text("videoUrl", "Video URL (optional)")}
      </Section>
      <Section title="Settings">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Category" required errors={errors.category}>
            {(control) => (
              <NativeSelect {...control} name="category" defaultValue={d.category ?? ""}>
                <option value="">Select a category</option>
                {PROJECT_CATEGORIES.map((c) => (
                  <option key={c} value={c}>{CATEGORY_LABELS[c]}</option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Field label="Status" required errors={errors.status}>
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
        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" name="featured" defaultChecked={d.featured ?? false} className="size-4 accent-primary" /> Featured project
        </label>
      </Section>
      <Section title="Tags, Team and Awards">
        <ListEditor name="tags" label="Tags" itemLabel="tag" defaultValue={d.tags} errors={errors.tags} />
        <ListEditor name="teamMembers" label="Team Members" itemLabel="team member" defaultValue={d.teamMembers} errors={errors.teamMembers} />
        <ListEditor name="awards" label="Awards" itemLabel="award" defaultValue={d.awards} errors={errors.awards} />
      </Section>
      <Section title="Technical Specifications">
        <OrderedRows
          legend="Shown on the project page in this order."
          rowLabel="specification"
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
      <Section title="Card Metrics">
        <OrderedRows
          legend="The result block of the project card, in this order (up to four are shown)."
          rowLabel="metric"
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
