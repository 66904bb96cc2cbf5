/**
 * The looping, muted approach clip (home section 4). It starts only when scrolled into view and
 * never under prefers-reduced-motion (the poster stays). No audio track; decorative.
 */
import { useEffect, useRef } from "react";

export function ApproachVideo() {
  const ref = useRef<HTMLVideoElement>(null);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)");
    if (reduce.matches) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting) void video.play().catch(() => {});
        else video.pause();
      },
      { threshold: 0.25 },
    );
    observer.observe(video);
    return () => observer.disconnect();
  }, []);

  return (
    <div className="relative">
      <div aria-hidden="true" className="absolute -inset-4 rounded-3xl bg-teal-400/10 blur-2xl" />
      <video
        ref={ref}
        className="relative aspect-video w-full rounded-2xl object-cover shadow-2xl ring-1 ring-white/10"
        width={640}
        height={360}
        muted
        loop
        playsInline
        preload="none"
        poster="/media/approach/approach-poster.webp"
        aria-label="Animation of a structural steel frame on a construction site"
        data-testid="approach-video"
      >
        <source src="/media/approach/approach.webm" type="video/webm" />
        <source src="/media/approach/approach.mp4" type="video/mp4" />
      </video>
    </div>
  );
}
