import { cleanup, configure } from "@testing-library/react";
import { afterAll, afterEach, beforeEach, vi } from "vitest";
import { resetToasts } from "../components/ui/use-toast.ts";
import { settleAuthClients } from "./auth-client-settle.ts";
import { consoleErrorCalls, resetConsoleErrors } from "./console.ts";
import { takeUnhandledRequests } from "./fake-fetch.ts";

// A screen's code is loaded on first use; on a shared machine that can take more than the default
// second, so "find…" waits up to five (a screen that never appears still fails).
configure({ asyncUtilTimeout: 5000 });

/*
 * jsdom lacks a few browser APIs Radix relies on. These are inert stand-ins: nothing in a test
 * asserts on layout.
 */
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub;
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.setPointerCapture ??= () => {};
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.scrollIntoView ??= () => {};
if (typeof window.matchMedia !== "function") {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// House rule: a test that prints console.error fails unless it says it expects it (see console.ts).
beforeEach(() => {
  resetConsoleErrors();
});

afterEach(() => {
  cleanup();
  resetToasts();
  sessionStorage.clear();
  window.history.replaceState(null, "", "/");
  vi.unstubAllGlobals();
  vi.useRealTimers();
  const unhandled = takeUnhandledRequests();
  if (unhandled.length > 0) throw new Error(`Unhandled requests:\n${unhandled.join("\n")}`);
  const unexpected = consoleErrorCalls();
  resetConsoleErrors();
  if (unexpected.length > 0) {
    throw new Error(
      `Unexpected console.error:\n${unexpected.map((args) => args.map(String).join(" ")).join("\n")}`,
    );
  }
});

// See auth-client-settle.ts: a file that created a Better Auth client waits out its unmount delay.
afterAll(settleAuthClients);
