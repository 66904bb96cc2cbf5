import { useEffect, useState, type RefObject } from "react";

/** False during server rendering and the first client render, true once JavaScript runs. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * Hands over what a person typed or chose before JavaScript ran. While React hydrates it keeps a
 * form control's value as the browser holds it, but it calls no `onChange` for it, so controlled
 * state still holds the server's initial value (an e-mail field shows an address while its state
 * is empty; a time is checked while the selection is null) and anything derived from that state,
 * such as a disabled submit button, contradicts the screen. Runs `adopt` once, just after
 * hydration, with the element behind `ref` as the person left it; `adopt` reads it and sets the
 * state. Nothing runs when the ref is empty.
 */
export function useAdoptOnHydration<T extends Element>(ref: RefObject<T | null>, adopt: (element: T) => void): void {
  // Once, with the first render's `adopt`: later changes go through the controls' own onChange.
  useEffect(() => {
    if (ref.current) adopt(ref.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
