/**
 * The pages a visitor reads without a form, one of each kind, as the demo content fills them: the
 * fixed pages, the service pages, the project and insight lists with the demo's first project and
 * article, the legal pages, and a translated project and article. Tests that check every content page loop over them.
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
  // The demo's French project and Arabic article: a translated page is a content page like any other.
  "/fr/projects/tour-mixte-thames-wharf",
  "/ar/insights/madaris-tasmud-amam-alzalazil",
];
