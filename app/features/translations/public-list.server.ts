/**
 * The loader shared by the public lists (`/projects`, `/insights` and their `/fr/...` pages): the
 * language of the address, the list read in it, its pictures and its languages.
 */
import { data, type AppLoadContext } from "react-router";
import { type ImageMap, resolveImages } from "~/features/media/resolve.server";
import { getSiteSettings } from "~/features/settings/settings.server";
import { requestedLanguage } from "~/features/site/languages.server";
import { loadOrDegrade } from "~/utils/degraded-render.server";
import type { Language, PageInLanguage } from "~/utils/i18n";
import type { TranslatableKind } from "./fields";
import { listPageLanguages } from "./lists.server";

/** A public list as read: the list, its pictures and its languages. */
type LoadedList<T> = T & { images: ImageMap; pageLanguages: PageInLanguage[] };
/** What a public list's loader answers: the list, its pictures, its languages, and whether it is a 404. */
export type PublicList<T> = LoadedList<T> & { notFound: boolean };

/**
 * Loads the public list of `kind` at the address whose `:lang?` parameter is `lang`: 404
 * (`notFound`, with `empty`) for a language not offered, or when `read` answers null (nothing of
 * the list is published in that language); else what `read` returns in that language, the
 * pictures `pictures` names resolved, and the list's address in every language it exists in.
 * A failed read is logged as `failure` and gives `empty` (a degraded render the HTML cache never
 * keeps).
 */
export async function loadPublicList<T extends object>(
  context: AppLoadContext,
  lang: string | undefined,
  { kind, empty, read, pictures, failure }: { kind: TranslatableKind; empty: T; read: (language: Language) => Promise<T | null>; pictures: (list: T) => (string | null | undefined)[]; failure: string },
) {
  const none: PublicList<T> = { ...empty, images: {}, pageLanguages: [], notFound: true };
  const language = await requestedLanguage(lang);
  if (!language) return data(none, { status: 404 });
  const list = await loadOrDegrade(
    context,
    async (): Promise<LoadedList<T> | null> => {
      const [found, pageLanguages] = (await Promise.all([read(language), getSiteSettings().then((settings) => listPageLanguages(kind, settings.offeredLanguages))])) as [T | null, PageInLanguage[]];
      if (!found) return null;
      return { ...found, images: await resolveImages(pictures(found)), pageLanguages };
    },
    { ...empty, images: {}, pageLanguages: [] } as LoadedList<T>,
    failure,
  );
  if (!list) return data(none, { status: 404 });
  return data<PublicList<T>>({ ...list, notFound: false });
}
