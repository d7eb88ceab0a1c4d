import { afterEach, beforeEach, expect, vi } from "vitest";

// A test that prints console.error fails unless it says it expects to (see expectConsoleError).
let allowed = false;
let spy: ReturnType<typeof vi.spyOn> | undefined;

beforeEach(() => {
  allowed = false;
  spy = vi.spyOn(console, "error");
});

afterEach(() => {
  const calls = spy?.mock.calls ?? [];
  spy?.mockRestore();
  if (!allowed) expect(calls, "unexpected console.error").toEqual([]);
});

/** Marks the running test as one that expects console.error output. */
export function expectConsoleError(): void {
  allowed = true;
  spy?.mockImplementation(() => {});
}
