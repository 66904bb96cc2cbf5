/**
 * The pages a visitor reads without a form, one of each kind, as the demo content fills them: the
 * fixed pages, the service pages, the project and insight lists with the demo's first project and
 * article, the legal pages, and translated pages: a project, an article, the Arabic home page and
 * the French privacy policy. Tests that check every content page loop over them.
 */
export const DEMO_CONTENT_PAGES = [
  "/",
  "/about",
  "/services",
  "/services/commercial",
  "/services/humanitarian",
  "/projects",
  "/projects/thames-wharf-mixed-use-tower",
  "/insights",
  "/insights/embodied-carbon-in-structural-frames",
  "/privacy",
  "/terms",
  // The demo's translated pages: a translated page is a content page like any other.
  "/fr/projects/tour-mixte-thames-wharf",
  "/ar/insights/madaris-tasmud-amam-alzalazil",
  "/ar",
  "/fr/privacy",
];
