/**
 * The looping, muted approach clip. It starts only when scrolled into view and
 * never under prefers-reduced-motion (the still stays); `app/enhance/media.ts` plays and pauses
 * it. No audio track; decorative.
 *
 * The still is a lazy image under the video rather than its `poster`: browsers fetch a poster at
 * once, where it shared the first round trips with the stylesheet and the hero image far above
 * it. A video with no frame loaded paints nothing, so the image shows until the clip plays.
 */
import { usePageLanguage } from "~/utils/i18n";
import { m } from "~/utils/paraglide/messages";

/** The approach clip of the home page, its label in the page's language. */
export function ApproachVideo() {
  return (
    <div className="relative">
      <div aria-hidden="true" className="absolute -inset-4 rounded-3xl bg-teal-400/10 blur-2xl" />
      <img
        src="/media/approach/approach-poster.webp"
        alt=""
        width={640}
        height={360}
        loading="lazy"
        decoding="async"
        className="absolute inset-0 size-full rounded-2xl object-cover"
      />
      <video
        data-autoplay-in-view=""
        className="relative aspect-video w-full rounded-2xl object-cover shadow-2xl ring-1 ring-white/10"
        width={640}
        height={360}
        muted
        loop
        playsInline
        preload="none"
        aria-label={m.home_video_label({}, { locale: usePageLanguage() })}
        data-testid="approach-video"
      >
        <source src="/media/approach/approach.webm" type="video/webm" />
        <source src="/media/approach/approach.mp4" type="video/mp4" />
      </video>
    </div>
  );
}
