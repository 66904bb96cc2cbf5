/**
 * The content of the editable pages on a new install: the spec's words and figures,
 * moved here unchanged from the former
 * `app/content` modules. Written as the published version of each page on the first start;
 * afterwards staff change them in Admin > Site. Public pages also fall back to these while a
 * page has no published row (a database seeded before the site studio existed).
 *
 * The About countries heading claims 17 countries and lists 16 (the spec's own slip): kept as the
 * spec states it; the About editor warns staff about it.
 */
import type { PageContent, SitePageKey } from "../schemas";
import { about } from "./about";
import { contact } from "./contact";
import { figures } from "./figures";
import { home } from "./home";
import { legal } from "./legal";
import { services } from "./services";
import { testimonials } from "./testimonials";

/** The seed content of every editable page. */
export const SITE_PAGE_SEED: { [K in SitePageKey]: PageContent[K] } = {
  home,
  about,
  services,
  testimonials,
  figures,
  contact,
  legal,
};
