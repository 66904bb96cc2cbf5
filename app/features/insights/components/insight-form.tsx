/**
 * The blog post create and edit form: article info, the article body, author info, hero image,
 * settings (category, reading time, featured), tags, SEO, and the publishing and history panels.
 * Labels, hints and required marks come from `INSIGHT_KIND`'s fields, the ones the server
 * validates. Posts to the current route.
 */
import { useState } from "react";
import { Field } from "~/components/field";
import { Input, NativeSelect } from "~/components/ui/input";
import type { InsightBlock } from "~/db/schema";
import { ContentForm, type ContentEditState } from "~/features/cms/components/content-form";
import { FormSection } from "~/features/cms/components/form-section";
import { KindCheckbox, KindImageField, KindListField, KindTextField } from "~/features/cms/components/kind-fields";
import { SeoPanel } from "~/features/cms/components/seo-panel";
import { readingMinutes } from "../blocks";
import { formatReadingTime, readingTimeMinutes } from "../format";
import type { ArticleImages } from "./article-blocks";
import { BlockEditor } from "./block-editor";
import { bodyOrDefault, INSIGHT_CATEGORIES, INSIGHT_KIND, MAX_READING_MINUTES } from "../kind";
import type { FieldErrors } from "~/utils/forms";

const F = INSIGHT_KIND.fields;

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
  errors?: FieldErrors;
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
  const text = (name: "title" | "subtitle" | "excerpt" | "summary" | "authorName" | "authorRole" | "authorBio") => (
    <KindTextField field={F[name]} name={name} errors={errors} value={d[name]} />
  );
  return (
    <ContentForm mode={mode} edit={edit} errors={errors}>
      <FormSection title="Article Information">
        {text("title")}
        {text("subtitle")}
        {text("excerpt")}
        {text("summary")}
      </FormSection>
      <FormSection title="Article Body">
        <BlockEditor defaultValue={d.content} name="content" label={F.content.label} errors={errors.content} onChange={setBlocks} images={images} />
      </FormSection>
      <FormSection title="Author Information">
        <div className="grid gap-4 sm:grid-cols-2">
          {text("authorName")}
          {text("authorRole")}
        </div>
        {text("authorBio")}
        <KindImageField field={F.authorImage} name="authorImage" errors={errors} value={d.authorImage} />
      </FormSection>
      <FormSection title="Media">
        <KindImageField field={F.heroImage} name="heroImage" errors={errors} value={d.heroImage} />
      </FormSection>
      <FormSection title="Settings">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={F.category.label} required errors={errors.category}>
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
            label={F.readingMinutes.label}
            errors={errors.readingMinutes}
            hint={`Leave empty to compute it from the article (words / 200, rounded up): now ${formatReadingTime(computedMinutes)}.`}
          >
            {(control) => <Input {...control} name="readingMinutes" type="number" inputMode="numeric" min={1} max={MAX_READING_MINUTES} step={1} defaultValue={initialOverride(d)} />}
          </Field>
        </div>
        <KindCheckbox field={F.featured} name="featured" value={d.featured} />
      </FormSection>
      <FormSection title="Tags">
        <KindListField field={F.tags} name="tags" errors={errors} value={d.tags} />
      </FormSection>
      <FormSection title="SEO">
        <SeoPanel
          defaultTitle={d.seoTitle ?? null}
          defaultDescription={d.seoDescription ?? null}
          fallbackTitle={d.title ?? ""}
          fallbackDescription={d.excerpt ?? d.summary ?? ""}
          url={d.slug ? `${publicOrigin}${INSIGHT_KIND.paths.public(d.slug)}` : `${publicOrigin}/insights/…`}
          errors={errors}
        />
      </FormSection>
    </ContentForm>
  );
}
