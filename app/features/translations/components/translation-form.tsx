/**
 * The edit form of one translation of a project or a post (ADR 33): each translatable field with
 * the English text beside it, the translated address, a "Show the English text while this is
 * empty" choice where the field allows it, and the studio's publishing and revisions panels (this
 * language's own: publishing French publishes French only). Inputs carry the language's `lang`
 * and `dir`, so Arabic is typed right to left. Posts to the current route.
 */
import { Field } from "~/components/field";
import { Input, Textarea } from "~/components/ui/input";
import type { InsightBlock, TranslationDocument } from "~/db/schema";
import { ContentForm, type ContentEditState } from "~/features/cms/components/content-form";
import { FormSection } from "~/features/cms/components/form-section";
import { inlineText } from "~/features/insights/blocks";
import { BlockEditor } from "~/features/insights/components/block-editor";
import type { ArticleImages } from "~/features/insights/components/article-blocks";
import { languageInfo, type Language } from "~/utils/i18n";
import type { FieldErrors } from "~/utils/forms";
import { TranslationNotices } from "./translation-notices";
import { TRANSLATABLE_FIELDS, type TranslatableField, type TranslatableKind } from "../fields";

/** The English item's text of a field as staff read it beside the translation ("" when empty). */
function englishText(value: unknown): string {
  if (typeof value === "string") return value;
  if (!Array.isArray(value)) return "";
  return (value as InsightBlock[])
    .map((block) => {
      if (block.type === "list") return block.items.map((item) => `• ${inlineText(item)}`).join("\n");
      if (block.type === "image") return `[${block.alt}]`;
      return inlineText(block.content);
    })
    .join("\n\n");
}

/** The English text of `field`, read-only, in a box beside its translation. */
function EnglishBeside({ label, value }: { label: string; value: unknown }) {
  const text = englishText(value);
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <p className="text-sm font-medium">{label} (English)</p>
      <div lang="en-GB" dir="ltr" className="max-h-72 overflow-y-auto rounded-md border bg-muted/50 px-3 py-2 text-sm whitespace-pre-wrap text-muted-foreground">
        {text || <em>Empty in English</em>}
      </div>
    </div>
  );
}

/** One translated field beside its English text, with the English-fallback choice where allowed. */
function TranslatedField({
  field,
  language,
  english,
  document,
  errors,
  images,
}: {
  field: TranslatableField;
  language: Language;
  english: unknown;
  document: TranslationDocument;
  errors: FieldErrors;
  images: ArticleImages;
}) {
  const info = languageInfo(language);
  const value = document.fields[field.name];
  const label = `${field.label} (${info.name})`;
  return (
    <div className="grid gap-4 border-b pb-5 last:border-b-0 last:pb-0 lg:grid-cols-2">
      <EnglishBeside label={field.label} value={english} />
      <div className="flex min-w-0 flex-col gap-2" lang={info.htmlLang} dir={info.dir}>
        {field.widget === "blocks" ? (
          <BlockEditor defaultValue={Array.isArray(value) ? (value as InsightBlock[]) : []} name={field.name} label={label} errors={errors[field.name]} images={images} />
        ) : (
          <Field label={label} errors={errors[field.name]} required={field.requiredToPublish}>
            {(control) =>
              field.widget === "textarea" ? (
                <Textarea {...control} name={field.name} rows={field.max > 500 ? 6 : 3} defaultValue={typeof value === "string" ? value : ""} />
              ) : (
                <Input {...control} name={field.name} defaultValue={typeof value === "string" ? value : ""} />
              )
            }
          </Field>
        )}
        {field.fallback ? (
          <label dir="ltr" lang="en-GB" className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="fallback" value={field.name} defaultChecked={document.fallback.includes(field.name)} className="size-4 accent-primary" />
            Show the English text while this is empty
          </label>
        ) : null}
      </div>
    </div>
  );
}

/**
 * The translation form of an item of `kind` into `language`: `english` the English item's
 * translatable fields by name, `slug` and `document` the translation's working copy (or a
 * restored revision's); `started` false while it has never been saved.
 */
export function TranslationForm({
  kind,
  language,
  english,
  slug,
  document,
  errors = {},
  edit,
  behindEnglish,
  started,
  images = {},
}: {
  kind: TranslatableKind;
  language: Language;
  english: Record<string, unknown>;
  slug: string | null;
  document: TranslationDocument;
  errors?: FieldErrors;
  edit: ContentEditState;
  behindEnglish: boolean;
  /** False while the translation has never been saved. */
  started: boolean;
  images?: ArticleImages;
}) {
  const info = languageInfo(language);
  const base = `/${language}/${kind === "project" ? "projects" : "insights"}/`;
  return (
    <ContentForm mode="edit" edit={edit} errors={errors} archivable={false}>
      <TranslationNotices started={started} behindEnglish={behindEnglish} languageName={info.name} creates="translation" englishWhere="beside" />
      <FormSection title={`Address in ${info.name}`}>
        <Field
          label="Translated address"
          errors={errors.slug}
          required
          hint={`Lower-case letters (a-z), digits and hyphens; unique among this language's ${kind === "project" ? "projects" : "posts"}. Required to publish.`}
        >
          {(control) => (
            <div className="flex min-w-0 items-center gap-1" dir="ltr">
              <span className="shrink-0 text-sm text-muted-foreground">{base}</span>
              <Input {...control} name="slug" defaultValue={slug ?? ""} autoComplete="off" spellCheck={false} className="min-w-0" />
            </div>
          )}
        </Field>
      </FormSection>
      <FormSection title={`Text in ${info.name}`}>
        {TRANSLATABLE_FIELDS[kind].map((field) => (
          <TranslatedField key={field.name} field={field} language={language} english={english[field.name]} document={document} errors={errors} images={images} />
        ))}
      </FormSection>
    </ContentForm>
  );
}
