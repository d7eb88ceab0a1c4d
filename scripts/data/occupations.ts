import type { Occupation, Wages } from "../../packages/engine/src/data/types.ts";
// Builds occupations.json (O*NET occupations with wages, preparation, titles, skills, tasks)
// and checks role-aliases.json against it.
import { ROLE_ALIASES } from "./role-aliases.ts";
import type { BlsWage, Sources } from "./sources.ts";
import { clean, compareStrings, lowerKey, slugify } from "./text.ts";

/** One occupation as written (key order here is the output key order). */
export type OccupationOut = Occupation;

const MAX_ALT_TITLES = 60;
const MAX_RELATED = 10;
const MAX_TASKS = 8;
const MIN_SKILL_IMPORTANCE = 3.0;

function toWages(w: BlsWage | undefined): Wages | null {
  if (!w) return null;
  const { p10, p25, p50, p75, p90, mean } = w;
  if (p10 == null || p25 == null || p50 == null || p75 == null || p90 == null) return null;
  return { p10, p25, median: p50, p75, p90, mean: mean ?? null };
}

/** Builds the occupations list; `onetToSkill` maps O*NET technology names to skill ids. */
export function buildOccupations(sources: Sources, onetToSkill: Map<string, string>): OccupationOut[] {
  const jobZone = new Map<string, number>();
  for (const r of sources.jobZones) {
    const z = Number(r["Job Zone"]);
    if (r["O*NET-SOC Code"] && Number.isInteger(z)) jobZone.set(r["O*NET-SOC Code"], z);
  }

  // Reported titles first (what incumbents call the job), then the alternate titles.
  const reported = new Map<string, string[]>();
  for (const r of sources.reportedTitles) {
    const code = r["O*NET-SOC Code"] ?? "";
    const list = reported.get(code) ?? [];
    list.push(clean(r["Reported Job Title"] ?? ""));
    reported.set(code, list);
  }

  const related = new Map<string, { code: string; index: number }[]>();
  for (const r of sources.relatedOccupations) {
    const code = r["O*NET-SOC Code"] ?? "";
    const list = related.get(code) ?? [];
    list.push({ code: r["Related O*NET-SOC Code"] ?? "", index: Number(r.Index) });
    related.set(code, list);
  }

  const tasks = new Map<string, { text: string; core: boolean; order: number }[]>();
  sources.taskStatements.forEach((r, order) => {
    const code = r["O*NET-SOC Code"] ?? "";
    const text = clean(r.Task ?? "");
    if (!text) return;
    const list = tasks.get(code) ?? [];
    list.push({ text, core: r["Task Type"] === "Core", order });
    tasks.set(code, list);
  });

  const usedSlugs = new Map<string, string>();
  const occupations: OccupationOut[] = [];
  const rows = [...sources.occupationData].sort((a, b) =>
    compareStrings(a["O*NET-SOC Code"] ?? "", b["O*NET-SOC Code"] ?? ""),
  );
  for (const row of rows) {
    const code = row["O*NET-SOC Code"] ?? "";
    const title = clean(row.Title ?? "");
    let slug = slugify(title);
    if (usedSlugs.has(slug)) slug = `${slug}-${code.replace(/[^0-9]/g, "")}`;
    usedSlugs.set(slug, code);

    const seen = new Set<string>([lowerKey(title)]);
    const pick = (list: string[]) =>
      list.filter((t) => {
        const k = lowerKey(t);
        if (!t || seen.has(k)) return false;
        seen.add(k);
        return true;
      });
    const fromReported = pick([...(reported.get(code) ?? [])].sort(compareStrings));
    const fromAlt = pick(
      [...(sources.onetAltTitles[code] ?? [])]
        .map(clean)
        .sort((a, b) => a.length - b.length || compareStrings(a, b)),
    );
    const altTitles = [...fromReported, ...fromAlt].slice(0, MAX_ALT_TITLES);

    const hotTech = [
      ...new Set(
        (sources.onetHotTech[code] ?? []).map((t) => onetToSkill.get(t)).filter((id): id is string => !!id),
      ),
    ].sort(compareStrings);

    const skills = Object.entries(sources.onetSkills[code] ?? {})
      .filter(([, v]) => v >= MIN_SKILL_IMPORTANCE)
      .map(([name, importance]) => ({ name, importance }))
      .sort((a, b) => b.importance - a.importance || compareStrings(a.name, b.name));

    const rel = [...(related.get(code) ?? [])]
      .sort((a, b) => a.index - b.index || compareStrings(a.code, b.code))
      .map((r) => r.code)
      .filter((c, i, all) => c && all.indexOf(c) === i)
      .slice(0, MAX_RELATED);

    // OEWS joins on the first 7 characters of the code; when it publishes only the broader
    // group (e.g. 13-1020 for 13-1021..13-1023), that group's wages are used and labelled.
    const soc = code.slice(0, 7);
    let wages = toWages(sources.bls[soc]);
    let wagesSoc: string | undefined;
    if (!wages && !sources.bls[soc]) {
      const broad = `${code.slice(0, 6)}0`;
      wages = toWages(sources.bls[broad]);
      if (wages) wagesSoc = broad;
    }

    const taskList = [...(tasks.get(code) ?? [])]
      .sort((a, b) => Number(b.core) - Number(a.core) || a.order - b.order)
      .slice(0, MAX_TASKS)
      .map((t) => t.text);

    const occ: OccupationOut = {
      code,
      slug,
      title,
      description: clean(row.Description ?? ""),
      jobZone: jobZone.get(code) ?? null,
      altTitles,
      hotTech,
      skills,
      related: rel,
      wages,
    };
    if (wagesSoc) occ.wagesSoc = wagesSoc;
    if (taskList.length > 0) occ.tasks = taskList;
    occupations.push(occ);
  }

  // Related codes must point at occupations we ship.
  const codes = new Set(occupations.map((o) => o.code));
  for (const o of occupations) o.related = o.related.filter((c) => codes.has(c));
  return occupations;
}

/** Role aliases, checked: every code exists and no alias shadows a different occupation slug. */
export function buildRoleAliases(occupations: OccupationOut[]): Record<string, string> {
  const byCode = new Map(occupations.map((o) => [o.code, o]));
  const bySlug = new Map(occupations.map((o) => [o.slug, o.code]));
  const out: Record<string, string> = {};
  for (const [alias, code] of Object.entries(ROLE_ALIASES).sort(([a], [b]) => compareStrings(a, b))) {
    if (!byCode.has(code)) throw new Error(`role alias ${alias} points at unknown occupation ${code}`);
    if (alias !== slugify(alias)) throw new Error(`role alias ${alias} is not a slug`);
    const shadow = bySlug.get(alias);
    if (shadow && shadow !== code)
      throw new Error(`role alias ${alias} shadows occupation slug of ${shadow}`);
    out[alias] = code;
  }
  return out;
}
