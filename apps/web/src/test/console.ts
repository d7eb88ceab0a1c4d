/*
 * console.error is replaced for every test file: calls are recorded and, unless the test claims
 * them with expectConsoleError(), fail the test in setup.ts's afterEach.
 */
let recorded: unknown[][] = [];
let claimed = new Set<unknown[]>();

console.error = (...args: unknown[]) => {
  recorded.push(args);
};

export function resetConsoleErrors(): void {
  recorded = [];
  claimed = new Set();
}

/** Calls the test did not claim. */
export function consoleErrorCalls(): unknown[][] {
  return recorded.filter((call) => !claimed.has(call));
}

/**
 * Claims the console.error calls made so far whose first argument starts with `prefix`, and
 * returns them for assertions. Throws if there are none: the test expected an error log.
 */
export function expectConsoleError(prefix: string): unknown[][] {
  const matching = recorded.filter((call) => typeof call[0] === "string" && call[0].startsWith(prefix));
  if (matching.length === 0) throw new Error(`Expected a console.error starting with "${prefix}"`);
  for (const call of matching) claimed.add(call);
  return matching;
}
