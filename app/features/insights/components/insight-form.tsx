/**
 * The blog post create and edit form: article info, the article body, author info, hero image,
 * settings (category, reading time, featured), tags, SEO, and the publishing and history panels.
 * Posts to the current route.
 */
import { useState } from "react";
import { Field } from "~/components/field";
import { Input, NativeSelect, Textarea } from "~/components/ui/input";
import type { InsightBlock } from "~/db/schema";
import { ContentForm, type ContentEditState } from "~/features/cms/components/content-form";
import { FieldErrors } from "~/features/cms/components/field-errors";
import { FormSection } from "~/features/cms/components/form-section";
import { ListEditor } from "~/features/cms/components/list-editor";
import { SeoPanel } from "~/features/cms/components/seo-panel";
import { CMS_PATHS } from "~/features/cms/kinds";
import { ImagePicker } from "~/features/media/components/image-picker";
import { bodyOrDefault, INSIGHT_CATEGORIES, MAX_READING_MINUTES } from "../admin-schema";
import { readingMinutes } from "../blocks";
import { formatReadingTime, readingTimeMinutes } from "../format";
import type { ArticleImages } from "./article-blocks";
import { BlockEditor } from "./block-editor";

/** The values a form starts from: a saved post, a restored revision, or the create defaults. */
export type InsightFormDefaults = {
  title?: string | null;
  subtitle?: string | null;
  excerpt?: string | null;
  summary?: string | null;
  authorName?: string | null;
  authorRole?: string | null;
  authorBio?: string | null;
  authorImage?: string | null;
  heroImage?: string | null;
  category?: string | null;
  readingTime?: string | null;
  featured?: boolean;
  tags?: string[] | null;
  content?: InsightBlock[] | null;
  seoTitle?: string | null;
  seoDescription?: string | null;
  slug?: string | null;
};

/**
 * The reading-time override a saved post starts with: its stored minutes when they differ from
 * what its body computes to (staff typed them, or they came with the post), else empty (computed).
 */
function initialOverride(d: InsightFormDefaults): string {
  const stored = readingTimeMinutes(d.readingTime);
  if (stored === null || !d.content) return "";
  const computed = readingMinutes(bodyOrDefault(d.content, d.summary ?? null, d.excerpt ?? ""));
  return stored === computed ? "" : String(stored);
}

/**
 * The post form for `mode` create or edit, starting from `defaults` (a saved post, a restored
 * revision, or {} on create), with the server's field `errors`; `edit` carries version, state,
 * links and history on the edit screen; `images` the body's library images by media id.
 */
export function InsightForm({
  mode,
  defaults: d,
  errors = {},
  publicOrigin,
  edit,
  images,
}: {
  mode: "create" | "edit";
  defaults: InsightFormDefaults;
  errors?: Record<string, string[]>;
  publicOrigin: string;
  edit?: ContentEditState;
  /** The body's library images by media id (previews in the editor). */
  images?: ArticleImages;
}) {
  // The reading time the body computes to, shown beside the override (an empty body counts the
  // summary or excerpt it will default to, as the server does).
  const [blocks, setBlocks] = useState<InsightBlock[]>(() => d.content ?? []);
  const computedMinutes = readingMinutes(bodyOrDefault(blocks, d.summary ?? null, d.excerpt ?? ""));
  const earlierCategory = d.category?.trim() && !(INSIGHT_CATEGORIES as readonly string[]).includes(d.category.trim()) ? d.category.trim() : null;
  const text = (name: keyof InsightFormDefaults, label: string, opts: { required?: boolean; rows?: number; hint?: string } = {}) => (
    <Field label={label} required={opts.required} errors={errors[name]} hint={opts.hint}>
      {(control) =>
        opts.rows ? (
          <Textarea {...control} name={name} rows={opts.rows} required={opts.required} defaultValue={(d[name] as string | null) ?? ""} />
        ) : (
          <Input {...control} name={name} required={opts.required} defaultValue={(d[name] as string | null) ?? ""} />
        )
      }
    </Field>
  );
  return (
    <ContentForm mode={mode} edit={edit} errors={errors}>
      <FormSection title="Article Information">
        {text("title", "Title", { required: true })}
        {text("subtitle", "Subtitle")}
        {text("excerpt", "Excerpt", { required: true, rows: 3, hint: "Shown on the Insights list and in the RSS feed." })}
        {text("summary", "Summary", { rows: 4, hint: "Required to publish. Used as the article body when the body is empty." })}
      </FormSection>
      <FormSection title="Article Body">
        <BlockEditor defaultValue={d.content} name="content" label="Article body" errors={errors.content} onChange={setBlocks} images={images} />
      </FormSection>
      <FormSection title="Author Information">
        <div className="grid gap-4 sm:grid-cols-2">
          {text("authorName", "Author Name", { required: true })}
          {text("authorRole", "Author Role")}
        </div>
        {text("authorBio", "Author Bio", { rows: 3 })}
        <ImagePicker name="authorImage" label="Author Image" defaultValue={d.authorImage} />
        <FieldErrors errors={errors.authorImage} />
      </FormSection>
      <FormSection title="Media">
        <ImagePicker name="heroImage" label="Hero Image" defaultValue={d.heroImage} />
        <FieldErrors errors={errors.heroImage} />
      </FormSection>
      <FormSection title="Settings">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Category" required errors={errors.category}>
            {(control) => (
              <NativeSelect {...control} name="category" defaultValue={earlierCategory ? "" : d.category?.trim() || INSIGHT_CATEGORIES[0]}>
                {earlierCategory ? (
                  <option value="" disabled>
                    Was &ldquo;{earlierCategory}&rdquo;: choose one of the seven
                  </option>
                ) : null}
                {INSIGHT_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <Field
            label="Reading time (minutes)"
            errors={errors.readingMinutes}
            hint={`Leave empty to compute it from the article (words / 200, rounded up): now ${formatReadingTime(computedMinutes)}.`}
          >
            {(control) => <Input {...control} name="readingMinutes" type="number" inputMode="numeric" min={1} max={MAX_READING_MINUTES} step={1} defaultValue={initialOverride(d)} />}
          </Field>
        </div>
        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" name="featured" defaultChecked={d.featured ?? false} className="size-4 accent-primary" /> Featured post
        </label>
      </FormSection>
      <FormSection title="Tags">
        <ListEditor name="tags" label="Tags" itemLabel="tag" defaultValue={d.tags} errors={errors.tags} />
      </FormSection>
      <FormSection title="SEO">
        <SeoPanel
          defaultTitle={d.seoTitle ?? null}
          defaultDescription={d.seoDescription ?? null}
          fallbackTitle={d.title ?? ""}
          fallbackDescription={d.excerpt ?? d.summary ?? ""}
          url={d.slug ? `${publicOrigin}${CMS_PATHS.insight.public(d.slug)}` : `${publicOrigin}/insights/…`}
          errors={errors}
        />
      </FormSection>
    </ContentForm>
  );
}
