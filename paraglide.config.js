import { paraglideVitePlugin } from "@inlang/paraglide-js";

/**
 * The Vite plugin that compiles the message catalogues (`messages/*.json`, listed by
 * `project.inlang/settings.json`) into `app/utils/paraglide/` before the app's modules are read,
 * and again when a catalogue changes in development; the build, the dev server and Vitest use it
 * (`npm run i18n` does the same for `tsc` and ESLint). Every message is called with its locale
 * (`{ locale }`), so the runtime's own strategy is only the fallback: the base language.
 */
export const paraglide = () =>
  paraglideVitePlugin({ project: "./project.inlang", outdir: "./app/utils/paraglide", strategy: ["baseLocale"] });
