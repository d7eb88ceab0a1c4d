import { type ComponentType, createElement, lazy, useState } from "react";

/**
 * The code of a page or part failed to load: usually a deploy replaced the chunk the open tab
 * asks for (or the network dropped). The error boundaries offer a reload for it instead of "try again".
 */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super("A part of ResumeLens could not be loaded", { cause });
    this.name = "ChunkLoadError";
  }
}

/** Runs a dynamic import, turning its failure into a ChunkLoadError the boundaries recognise. */
export function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  return load().catch((error: unknown) => {
    throw new ChunkLoadError(error);
  });
}

/** A page whose code loads on demand, and which can be loaded ahead of its first render. */
export type LazyPage = ComponentType & { preload: () => Promise<void> };

/**
 * Like React's `lazy`, plus `preload()`: once the module has arrived, the page renders directly
 * instead of suspending. React shows a suspended page's fallback for at least 300 ms, so a page
 * whose code is preloaded before the app's first render (see preloadRoute) appears at once, without
 * a spinner in between.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | null = null;
  let pending: Promise<void> | null = null;
  const preload = () => {
    pending ??= loadChunk(load).then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        pending = null; // A later render retries (and shows the failure through the error boundary).
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(() => preload().then(() => ({ default: loaded as ComponentType })));
  // biome-ignore lint/correctness/noComponentHookFactories: like React.lazy, called once per page at module scope.
  function Page() {
    // Chosen once per mount: switching from Lazy to the module's component later would remount it.
    const [component] = useState<ComponentType>(() => loaded ?? Lazy);
    return createElement(component);
  }
  return Object.assign(Page, { preload });
}
