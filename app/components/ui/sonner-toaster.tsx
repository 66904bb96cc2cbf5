import { useEffect, useState } from "react";
import { Toaster as Sonner } from "sonner";

/**
 * sonner's toast area: bottom-right, 5000 ms, Alt+T, following the system theme. Plain (not rich)
 * colours: sonner's richColors success toast fails contrast (`docs/stack-notes.md`). Loaded lazily
 * by `Toaster` in ./sonner after hydration, so sonner stays out of every page's first-load
 * JavaScript. On a phone sonner spans the foot of the screen; `--toast-clearance` (set in app.css
 * while a sticky bar such as the editors' publish bar is on the page) lifts the toasts above that
 * bar, so a toast never covers the button a person presses next.
 */
export default function SonnerToaster() {
  const [theme, setTheme] = useState<"light" | "dark">("light");
  useEffect(() => {
    const query = window.matchMedia("(prefers-color-scheme: dark)");
    const update = () => setTheme(query.matches ? "dark" : "light");
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return (
    <Sonner
      theme={theme}
      position="bottom-right"
      mobileOffset={{ bottom: "calc(16px + var(--toast-clearance, 0px))" }}
      duration={5000}
      hotkey={["altKey", "KeyT"]}
      closeButton
      toastOptions={{
        classNames: {
          error: "!border-red-300 !bg-red-50 !text-red-900 [&_[data-description]]:!text-red-900",
        },
      }}
    />
  );
}
