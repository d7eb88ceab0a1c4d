import { useSyncExternalStore } from "react";

/*
 * The view's selection lives outside React state so a selection re-renders only what it touches:
 * each line and mark reads one boolean (or id) from the store, and React skips every component
 * whose value did not change. With a 250-line resume that is two or three components a click,
 * not the whole document (bench/frontend/side-by-side-latency.mjs measures it).
 */

export type Selection = {
  /** The selected requirement. */
  id: string | null;
  /** The resume line and the posting line it joins (either may be null). */
  resumeLine: number | null;
  postingLine: number | null;
  /** The requirement whose details are open in the posting (a missing one's advice). */
  open: string | null;
  /** What the status region announces. */
  message: string;
};

export type SelectionStore = {
  get: () => Selection;
  set: (next: Selection) => void;
  subscribe: (listener: () => void) => () => void;
};

export const NOTHING_SELECTED: Selection = {
  id: null,
  resumeLine: null,
  postingLine: null,
  open: null,
  message: "",
};

export function createSelectionStore(): SelectionStore {
  let state = NOTHING_SELECTED;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set: (next) => {
      state = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** One value picked from the selection; the component re-renders only when that value changes. */
export function useSelection<T extends string | number | boolean | null>(
  store: SelectionStore,
  pick: (selection: Selection) => T,
): T {
  return useSyncExternalStore(
    store.subscribe,
    () => pick(store.get()),
    () => pick(store.get()),
  );
}
