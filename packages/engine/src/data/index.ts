// Typed access to the engine's data files. The JSON is imported statically so that bundlers
// include it; nothing here reads files, the environment or the clock.
import lexiconJson from "../../data/lexicon.json" with { type: "json" };
import occupationsJson from "../../data/occupations.json" with { type: "json" };
import roleAliasesJson from "../../data/role-aliases.json" with { type: "json" };
import skillsJson from "../../data/skills.json" with { type: "json" };
import type { Lexicon, Occupation, OccupationsFile, RoleAliases, Skill, SkillsFile } from "./types.ts";

export type * from "./types.ts";

let skillsCache: Skill[] | undefined;
let occupationsCache: Occupation[] | undefined;
let surfaceIndex: { exact: Map<string, Skill>; folded: Map<string, Skill> } | undefined;
let occupationIndex: Map<string, Occupation> | undefined;

/** The skills taxonomy, sorted by id. Shared and memoised: do not mutate. */
export function loadSkills(): Skill[] {
  skillsCache ??= (skillsJson as unknown as SkillsFile).skills;
  return skillsCache;
}

/** O*NET occupations, sorted by code. Shared and memoised: do not mutate. */
export function loadOccupations(): Occupation[] {
  occupationsCache ??= (occupationsJson as unknown as OccupationsFile).occupations;
  return occupationsCache;
}

/** Common role slugs ("software-engineer", "nurse") → O*NET-SOC codes. */
export function loadRoleAliases(): Readonly<RoleAliases> {
  return roleAliasesJson as RoleAliases;
}

/** Word lists for the ATS review. */
export function loadLexicon(): Readonly<Lexicon> {
  return lexiconJson as Lexicon;
}

function fold(form: string): string {
  return form.normalize("NFKC").toLowerCase();
}

/**
 * The skill a surface form names, by plain lookup: exact casing for case-sensitive skills,
 * case-insensitive otherwise ("k8s" → Kubernetes, "Go" → Go, "go" → nothing). Surrounding
 * whitespace is ignored; context and ambiguity are the caller's business.
 */
export function lookupSurfaceForm(form: string): Skill | undefined {
  if (!surfaceIndex) {
    const exact = new Map<string, Skill>();
    const folded = new Map<string, Skill>();
    for (const skill of loadSkills()) {
      for (const f of [skill.name, ...skill.aliases]) {
        if (skill.caseSensitive) exact.set(f, skill);
        else folded.set(fold(f), skill);
      }
    }
    surfaceIndex = { exact, folded };
  }
  const trimmed = form.trim();
  return surfaceIndex.exact.get(trimmed) ?? surfaceIndex.folded.get(fold(trimmed));
}

/** The skill with this id. */
export function getSkill(id: string): Skill | undefined {
  return loadSkills().find((s) => s.id === id);
}

function slugOf(s: string): string {
  return s
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * An occupation by O*NET-SOC code ("15-1252.00", or "15-1252" for the base occupation), role
 * alias ("software-engineer", "Software Engineer") or occupation slug ("software-developers").
 */
export function findOccupation(slugOrCode: string): Occupation | undefined {
  if (!occupationIndex) {
    occupationIndex = new Map();
    for (const o of loadOccupations()) {
      occupationIndex.set(o.code, o);
      occupationIndex.set(o.slug, o);
      if (o.code.endsWith(".00")) occupationIndex.set(o.code.slice(0, 7), o);
    }
    for (const [alias, code] of Object.entries(loadRoleAliases())) {
      const o = occupationIndex.get(code);
      if (o && !occupationIndex.has(alias)) occupationIndex.set(alias, o);
    }
  }
  const input = slugOrCode.trim();
  if (/^\d{2}-\d{4}(\.\d{2})?$/.test(input)) return occupationIndex.get(input);
  const slug = slugOf(input);
  return occupationIndex.get(slug) ?? occupationIndex.get(`${slug}s`);
}
