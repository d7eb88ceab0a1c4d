import { useSyncExternalStore } from "react";

/*
 * Work the first screen does not need (the account menu's code, the usage count, the user sync)
 * waits until the browser has painted that screen, so it does not compete with it for the network
 * and the main thread on a slow phone. Only the app's entry holds it back (holdUntilFirstPaint);
 * everywhere else, tests included, the gate is open from the start.
 */
let painted = true;
const listeners = new Set<() => void>();

function release(): void {
  if (painted) return;
  painted = true;
  for (const listener of listeners) listener();
  listeners.clear();
}

/** The longest the gate waits for the browser to report the first paint. */
const FIRST_PAINT_TIMEOUT_MS = 1500;

/**
 * Called by the entry before its first render: opens the gate once the browser reports the first
 * contentful paint (Paint Timing), or after FIRST_PAINT_TIMEOUT_MS where it reports none.
 */
export function holdUntilFirstPaint(): void {
  painted = false;
  const timer = setTimeout(release, FIRST_PAINT_TIMEOUT_MS);
  const open = () => {
    clearTimeout(timer);
    observer?.disconnect();
    // After the callback: the paint entry is reported before the frame is fully presented.
    setTimeout(release, 0);
  };
  let observer: PerformanceObserver | null = null;
  if (
    typeof PerformanceObserver !== "undefined" &&
    PerformanceObserver.supportedEntryTypes?.includes("paint")
  ) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName("first-contentful-paint").length > 0) open();
    });
    observer.observe({ type: "paint", buffered: true });
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Runs `callback` once the first screen has been painted (at once when it has). */
export function afterFirstPaint(callback: () => void): void {
  if (painted) callback();
  else listeners.add(callback);
}

/** True once the first screen has been painted. */
export function useFirstPaintDone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => painted,
    () => true,
  );
}
