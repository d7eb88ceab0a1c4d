/**
 * Results of pure functions of a line, shared within one analysis. The same resume and posting
 * lines are read by several stages (skill scan, phrase stems, list detection); inside
 * `analysisScope` each is computed once per distinct text, and the memory goes with the scope.
 * Outside a scope the functions just compute.
 */
let scope: Map<unknown, Map<string, unknown>> | null = null;

/** Runs `run` with line results shared across its stages (a nested call joins the outer scope). */
export function analysisScope<T>(run: () => T): T {
  if (scope) return run();
  scope = new Map();
  try {
    return run();
  } finally {
    scope = null;
  }
}

/**
 * `compute` memoised by its text argument within an analysis scope. The result is shared: type it
 * read-only (`readonly T[]`, `Readonly<T>`) so no caller can change it for the others. (Freezing it
 * at run time was tried: frozen objects change shape and cost 5 % of an analysis.)
 */
export function perAnalysis<T>(compute: (text: string) => T): (text: string) => T {
  return (text) => {
    if (!scope) return compute(text);
    let memo = scope.get(compute) as Map<string, T> | undefined;
    if (!memo) {
      memo = new Map();
      scope.set(compute, memo);
    }
    if (memo.has(text)) return memo.get(text) as T;
    const result = compute(text);
    memo.set(text, result);
    return result;
  };
}
