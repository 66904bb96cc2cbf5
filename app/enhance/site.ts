/**
 * The one script of the pages sent without React (ADR "Content pages without React"), loaded as
 * `<script type="module" src>` from 'self' on every page: each behaviour finds its own
 * server-rendered markup through `data-*` hooks and does nothing when it is absent. On the
 * hydrated pages it still drives the shared header and the consent banner.
 */
import { enhanceBooking } from "./booking";
import { enhanceConsent } from "./consent";
import { enhanceContact } from "./contact";
import { enhanceDisclosures } from "./disclosure";
import { enhanceGallery } from "./gallery";
import { enhanceHeader } from "./header";
import { enhanceHero } from "./hero";
import { enhanceLocalTimes } from "./local-time";
import { enhanceAutoplayVideos } from "./media";
import { enhanceReadingProgress } from "./progress";
import { enhanceProjects } from "./projects";
import { enhanceShare } from "./share";
import { enhanceServerToasts } from "./toast";

for (const enhance of [
  enhanceHeader,
  enhanceConsent,
  enhanceHero,
  enhanceAutoplayVideos,
  enhanceDisclosures,
  enhanceGallery,
  enhanceProjects,
  enhanceShare,
  enhanceReadingProgress,
  enhanceContact,
  enhanceLocalTimes,
  enhanceBooking,
  enhanceServerToasts,
]) {
  try {
    enhance();
  } catch (error) {
    console.error(error);
  }
}
// Browser tests wait for this mark before acting as a visitor who waited for the page's scripts.
document.documentElement.dataset.enhanced = "";
