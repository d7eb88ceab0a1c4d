import { type ComponentType, createElement, lazy, useState } from "react";

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
    pending ??= load().then(
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
