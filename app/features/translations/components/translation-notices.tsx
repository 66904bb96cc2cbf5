/**
 * The notes above a translation's fields in the content studio: "Not translated yet." while the
 * language has nothing saved, and the warning when the English text changed after the translation
 * was last saved.
 */
import { AlertTriangle } from "lucide-react";

/**
 * The notes for a translation into `languageName` ("French"): `started` false shows what saving
 * creates (`creates`: "page" for a site page, "translation" for a project or post), `behindEnglish`
 * the warning, pointing at the English text `englishWhere` ("under", "beside") each field.
 */
export function TranslationNotices({ started, behindEnglish, languageName, creates, englishWhere }: { started: boolean; behindEnglish: boolean; languageName: string; creates: "page" | "translation"; englishWhere: "under" | "beside" }) {
  return (
    <>
      {started ? null : (
        <p role="status" className="rounded-md border bg-muted/50 p-4 text-sm">
          <span className="font-semibold">Not translated yet.</span> Saving creates the {languageName} {creates} as a draft; visitors see it only once you publish it.
        </p>
      )}
      {behindEnglish ? (
        <div role="status" className="flex gap-3 rounded-md border border-yellow-300 bg-yellow-50 p-4 text-sm text-yellow-950">
          <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden />
          <p>
            <span className="font-semibold">English changed after this translation.</span> Compare the English text {englishWhere} each field, update the {languageName} text,
            then save: the translation is then up to date again.
          </p>
        </div>
      ) : null}
    </>
  );
}
