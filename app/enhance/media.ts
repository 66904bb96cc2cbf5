/**
 * Decorative looping videos (`[data-autoplay-in-view]`, the home approach clip): they play only
 * while at least a quarter is in view, and never under prefers-reduced-motion (the poster stays).
 */
export function enhanceAutoplayVideos() {
  const videos = document.querySelectorAll<HTMLVideoElement>("video[data-autoplay-in-view]");
  if (videos.length === 0 || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const video = entry.target as HTMLVideoElement;
        if (entry.isIntersecting) void video.play().catch(() => {});
        else video.pause();
      }
    },
    { threshold: 0.25 },
  );
  videos.forEach((video) => observer.observe(video));
}
