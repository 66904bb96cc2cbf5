import { lazy, Suspense } from "react";
import { useHydrated } from "~/utils/use-hydrated";

const SonnerToaster = lazy(() => import("./sonner-toaster"));

/**
 * The toast area: bottom-right, 5000 ms, Alt+T, following the system theme (see
 * ./sonner-toaster). It renders nothing on the server and mounts sonner right after hydration, in
 * its own chunk, so sonner is not part of any page's first-load JavaScript. Toasts fired before it
 * is mounted are not lost: sonner replays active toasts when its Toaster subscribes. Fire toasts
 * through `toast` from ./toast, which loads sonner on demand.
 */
export function Toaster() {
  return useHydrated() ? (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  ) : null;
}
