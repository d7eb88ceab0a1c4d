// Builds careers.json: what career paths need beyond occupations.json — the Job Zone reference
// texts, each occupation's technologies ranked (in demand, then hot, then widely used) and the
// curated certifications. Titles, skills, related occupations and wages stay in occupations.json.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { CareersFile, CareerTech, CareerZone } from "../../packages/engine/src/career/types.ts";
import type { Skill } from "../../packages/engine/src/data/types.ts";
import { CREDENTIALS } from "./career-credentials.ts";
import { CERTIFICATIONS } from "./certifications.ts";
import type { OccupationOut } from "./occupations.ts";
import { parseTsv, type Sources } from "./sources.ts";
import { clean, compareStrings } from "./text.ts";

/** Technologies kept per occupation. */
const MAX_TECH = 12;

/** How many of O*NET's related occupations (best first) make an occupation's neighbourhood. */
const NEIGHBOURHOOD = 20;

/** A tool listed by at least this many other occupations, none of them in the occupation's
 *  neighbourhood, belongs to a different occupation family (Dentrix for nurses: dentists, dental
 *  hygienists and dental assistants use it, no nursing occupation does). */
const FOREIGN_MIN_USERS = 3;

/** Everyday office software: listed after an occupation's own tools of the same standing, so a
 *  nurse's path shows Epic before Microsoft Word. */
const GENERIC_COMMODITIES = new Set([
  "Document management software",
  "Electronic mail software",
  "Internet browser software",
  "Office suite software",
  "Operating system software",
  "Presentation software",
  "Spreadsheet software",
  "Word processing software",
]);
const GENERIC_NAMES = new Set([
  "Adobe Acrobat",
  "Google Docs",
  "Google Drive",
  "Google Sheets",
  "Microsoft Access",
  "Microsoft Project",
  "Microsoft SharePoint",
  "Microsoft Teams",
]);

/** Builds the career dataset; fails on certification keys that name no occupation or alias. */
export function buildCareers(opts: {
  sharedDir: string;
  sources: Sources;
  skills: Skill[];
  onetToSkill: Map<string, string>;
  occupations: OccupationOut[];
  roleAliases: Record<string, string>;
}): CareersFile {
  const onet = (f: string) => path.join(opts.sharedDir, "onet", f);
  const zones: CareerZone[] = parseTsv(readFileSync(onet("Job Zone Reference.txt"), "utf8"))
    .map((r) => ({
      zone: Number(r["Job Zone"]),
      name: clean(r.Name ?? ""),
      experience: clean(r.Experience ?? ""),
      education: clean(r.Education ?? ""),
      training: clean(r["Job Training"] ?? ""),
    }))
    .filter((z) => Number.isInteger(z.zone))
    .sort((a, b) => a.zone - b.zone);

  const skillName = new Map(opts.skills.map((s) => [s.id, s.name]));
  const usage = new Map(opts.sources.onetTech.map((t) => [t.name, t.occupations]));
  type Row = {
    name: string;
    commodity: string;
    demand: boolean;
    hot: boolean;
    generic: boolean;
    used: number;
    core?: boolean;
  };
  const byCode = new Map<string, Row[]>();
  const users = new Map<string, Set<string>>();
  const techRows = parseTsv(readFileSync(onet("Technology Skills.txt"), "utf8"));
  for (const r of techRows) {
    const code = r["O*NET-SOC Code"] ?? "";
    const example = clean(r.Example ?? "");
    if (!code || !example) continue;
    const set = users.get(example) ?? new Set<string>();
    set.add(code);
    users.set(example, set);
  }
  const neighbours = new Map<string, string[]>();
  for (const r of opts.sources.relatedOccupations) {
    const code = r["O*NET-SOC Code"] ?? "";
    const list = neighbours.get(code) ?? [];
    list.push(r["Related O*NET-SOC Code"] ?? "");
    neighbours.set(code, list);
  }
  for (const r of techRows) {
    const code = r["O*NET-SOC Code"] ?? "";
    const example = clean(r.Example ?? "");
    if (!code || !example) continue;
    // The tool's other users, and how many of them are among the occupation's closest relatives.
    const others = [...(users.get(example) ?? [])].filter((c) => c !== code);
    const near = new Set((neighbours.get(code) ?? []).slice(0, NEIGHBOURHOOD));
    const affinity = others.filter((c) => near.has(c)).length;
    if (affinity === 0 && others.length >= FOREIGN_MIN_USERS) continue;
    const id = opts.onetToSkill.get(example);
    const list = byCode.get(code) ?? [];
    const name = (id && skillName.get(id)) || example;
    list.push({
      name,
      commodity: r["Commodity Title"] ?? "",
      generic: GENERIC_COMMODITIES.has(r["Commodity Title"] ?? "") || GENERIC_NAMES.has(name),
      demand: r["In Demand"] === "Y",
      hot: r["Hot Technology"] === "Y",
      used: usage.get(example) ?? 0,
    });
    byCode.set(code, list);
  }
  const tech: Record<string, CareerTech> = {};
  for (const code of [...byCode.keys()].sort(compareStrings)) {
    // A tool is "core" to an occupation when the occupation lists several tools of its kind
    // (Medical software for nurses): O*NET's hot flag is economy-wide, so a hot tool of a kind the
    // occupation barely uses (Apache Spark for nurses) must not outrank the occupation's own tools.
    const all = byCode.get(code) ?? [];
    const kinds = new Map<string, number>();
    for (const row of all) kinds.set(row.commodity, (kinds.get(row.commodity) ?? 0) + 1);
    for (const row of all) row.core = !row.generic && (kinds.get(row.commodity) ?? 0) >= 3;
    const rows = all.sort(
      (a, b) =>
        Number(b.demand) - Number(a.demand) ||
        Number(b.core) - Number(a.core) ||
        Number(b.hot) - Number(a.hot) ||
        Number(a.generic) - Number(b.generic) ||
        b.used - a.used ||
        compareStrings(a.name, b.name),
    );
    const seen = new Set<string>();
    const kept = rows.filter((r) => !seen.has(r.name) && seen.add(r.name)).slice(0, MAX_TECH);
    tech[code] = {
      names: kept.map((r) => r.name),
      kinds: kept.map((r) => r.commodity),
      generic: kept.flatMap((r, i) => (r.generic ? [i] : [])),
      inDemand: kept.filter((r) => r.demand).length,
      hot: kept.filter((r) => r.hot || r.demand).length,
    };
  }

  const codes = new Set(opts.occupations.map((o) => o.code));
  const certifications: CareersFile["certifications"] = {};
  for (const key of Object.keys(CERTIFICATIONS).sort(compareStrings)) {
    if (!codes.has(key) && !opts.roleAliases[key])
      throw new Error(`certifications: ${key} is neither an occupation code nor a role alias`);
    certifications[key] = (CERTIFICATIONS[key] ?? []).map((c) => {
      if (!Number.isInteger(c.relevance) || c.relevance < 1 || c.relevance > 5)
        throw new Error(`certifications: ${key} ${c.name} has relevance ${c.relevance}`);
      if (!c.estimatedTime.endsWith("(estimate)"))
        throw new Error(`certifications: ${key} ${c.name} time is not labelled as an estimate`);
      return { name: c.name, provider: c.provider, relevance: c.relevance, estimatedTime: c.estimatedTime };
    });
  }
  const credentials: CareersFile["credentials"] = {};
  for (const key of Object.keys(CREDENTIALS).sort(compareStrings)) {
    if (!codes.has(key)) throw new Error(`credentials: ${key} is not an occupation code`);
    const c = CREDENTIALS[key];
    if (!c || c.educationLevel < 1 || c.educationLevel > 12)
      throw new Error(`credentials: ${key} has no education level 1..12`);
    credentials[key] = c;
  }
  return { version: 1, zones, tech, certifications, credentials };
}
