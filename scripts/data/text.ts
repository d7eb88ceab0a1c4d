// Small, dependency-free text helpers shared by the builders.

/** Key used to decide that two surface forms name the same thing: case, spaces, dots, hyphens,
 *  underscores, slashes and apostrophes are ignored; "+" and "#" are kept (C, C++, C#). */
export function normKey(form: string): string {
  return form
    .normalize("NFKC")
    .toLowerCase()
    .replace(/&/g, "and")
    .replace(/[\s._\-/'’]+/g, "");
}

/** Lookup key for collisions between skills (the engine's case-insensitive lookup). */
export function lowerKey(form: string): string {
  return form.normalize("NFKC").toLowerCase();
}

/** Stable id from a display name: "C++" → "cpp", "C#" → "csharp", ".NET" → "dotnet". */
export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/\+\+/g, "pp")
    .replace(/#/g, "sharp")
    .replace(/\+/g, "-plus")
    .replace(/^\./, "dot")
    .replace(/&/g, " and ")
    .replace(/(\w)\.(\w)/g, "$1$2")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Collapses whitespace and trims. */
export function clean(s: string): string {
  return s.replace(/\s+/g, " ").trim();
}

export function isSingleToken(form: string): boolean {
  return !/\s/.test(form);
}

/** "SQL", "AWS", "ERP", "C2" — upper-case letters (and digits), at least two letters. */
export function isAcronym(form: string): boolean {
  return /^[A-Z][A-Z0-9]{1,6}$/.test(form) && (form.match(/[A-Z]/g)?.length ?? 0) >= 2;
}

/** Number of letters and digits: "C#" → 1, "Go" → 2, "k8s" → 3. */
export function alnumLength(form: string): number {
  return form.replace(/[^\p{L}\p{N}]/gu, "").length;
}

export function sentenceCase(s: string): string {
  const lower = s.toLowerCase();
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

export function titleCase(s: string): string {
  return s
    .toLowerCase()
    .split(" ")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

/** Code-point order: locale-independent, so output never depends on the machine. */
export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Sorted copy without duplicates. */
export function uniqueSorted(values: Iterable<string>): string[] {
  return [...new Set(values)].sort(compareStrings);
}
