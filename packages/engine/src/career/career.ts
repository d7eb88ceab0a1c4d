// Career paths: a roadmap to a target role built from O*NET (Job Zones, technologies, skill
// importance, related occupations), BLS OEWS wage percentiles and curated certifications, and
// personalised from the user's latest analysis and resume when there is one. Pure: no I/O, no
// clock (parsing the resume takes `now`).
import type { TAnalysisResult, TCareerPath, TCareerRole } from "@resumelens/contract";
import careersJson from "../../data/careers.json" with { type: "json" };
import { engineData } from "../analysis/analyze.ts";
import { experienceLevel } from "../analysis/market.ts";
import { indexResume } from "../analysis/resume-index.ts";
import { loadOccupations, loadRoleAliases, lookupSurfaceForm } from "../data/index.ts";
import type { Occupation } from "../data/types.ts";
import { parseResume } from "../resume/parse-resume.ts";
import { type OccupationDistance, occupationDistance, occupationOfTitle } from "./career-distance.ts";
import { type EducationGap, educationGap, educationLevelOf, formatYears } from "./career-education.ts";
import type { CareerCertification, CareersFile, CareerZone } from "./types.ts";

/** The label every salary figure carries. */
export const SALARY_SOURCE = "U.S. national wage percentiles, BLS OEWS May 2025";

/** The role shown when none is chosen. */
export const DEFAULT_CAREER_ROLE = "software-engineer";

/** Role slugs as the API accepts them (O*NET titles make slugs of up to 99 characters). */
export const CAREER_ROLE_PATTERN = /^[a-z0-9-]{1,120}$/;

const careers = careersJson as unknown as CareersFile;

/** Roles offered before the user types anything: common ones, each with curated certifications. */
const FEATURED_ROLES = [
  "software-engineer",
  "data-scientist",
  "data-analyst",
  "product-manager",
  "ux-designer",
  "devops-engineer",
  "cybersecurity-analyst",
  "project-manager",
  "registered-nurse",
  "accountant",
  "teacher",
  "electrician",
  "marketing-manager",
  "financial-analyst",
  "business-analyst",
  "hr-specialist",
];

/** Letters that stay capitals (or keep their own casing) when a slug becomes a title. */
const ACRONYMS: Record<string, string> = {
  ux: "UX",
  ui: "UI",
  qa: "QA",
  it: "IT",
  hr: "HR",
  seo: "SEO",
  hvac: "HVAC",
  rn: "RN",
  lpn: "LPN",
  cna: "CNA",
  ios: "iOS",
};

/** "ux-designer" → "UX Designer". */
export function roleTitle(slug: string): string {
  return slug
    .split("-")
    .map((w) => ACRONYMS[w] ?? w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

type Resolved = { slug: string; occupation: Occupation; alias: boolean };

let byCode: Map<string, Occupation> | undefined;
let bySlug: Map<string, Occupation> | undefined;

function occupationMaps(): { byCode: Map<string, Occupation>; bySlug: Map<string, Occupation> } {
  if (!byCode || !bySlug) {
    byCode = new Map(loadOccupations().map((o) => [o.code, o]));
    bySlug = new Map(loadOccupations().map((o) => [o.slug, o]));
  }
  return { byCode, bySlug };
}

/** The occupation a role slug names: a role alias ("software-engineer") or an occupation slug
 *  ("software-developers"). Exact slugs only: the API answers 404 for anything else. */
export function resolveCareerRole(slug: string): Resolved | null {
  const maps = occupationMaps();
  const aliasCode = loadRoleAliases()[slug];
  const viaAlias = aliasCode ? maps.byCode.get(aliasCode) : undefined;
  if (viaAlias) return { slug, occupation: viaAlias, alias: true };
  const occupation = maps.bySlug.get(slug);
  return occupation ? { slug, occupation, alias: false } : null;
}

function fold(s: string): string {
  return s
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9+#]+/g, " ")
    .trim();
}

let titleIndex: Map<string, string> | undefined;

/** The occupation code of an exact title, role alias or O*NET alternate title (titles win). */
export function exactTitle(title: string): string | undefined {
  if (!titleIndex) {
    titleIndex = new Map();
    const index = titleIndex;
    for (const o of loadOccupations()) index.set(fold(o.title), o.code);
    for (const [alias, code] of Object.entries(loadRoleAliases())) {
      const key = fold(alias.replace(/-/g, " "));
      if (!index.has(key)) index.set(key, code);
    }
    for (const o of loadOccupations())
      for (const t of o.altTitles) if (!index.has(fold(t))) index.set(fold(t), o.code);
  }
  return titleIndex.get(fold(title));
}

type SearchEntry = { slug: string; title: string; code: string; forms: { text: string; alias: boolean }[] };
let searchIndex: SearchEntry[] | undefined;

function buildSearchIndex(): SearchEntry[] {
  const aliasesByCode = new Map<string, string[]>();
  for (const [alias, code] of Object.entries(loadRoleAliases())) {
    const list = aliasesByCode.get(code) ?? [];
    list.push(alias);
    aliasesByCode.set(code, list);
  }
  return loadOccupations().map((o) => ({
    slug: o.slug,
    title: o.title,
    code: o.code,
    forms: [
      { text: fold(o.title), alias: false },
      ...(aliasesByCode.get(o.code) ?? []).map((a) => ({ text: fold(a.replace(/-/g, " ")), alias: true })),
      ...o.altTitles.map((t) => ({ text: fold(t), alias: false })),
    ],
  }));
}

/** How well one searchable form answers the query, 0 for no match. */
function formScore(form: string, query: string, tokens: string[]): number {
  if (form === query) return 100;
  if (form.startsWith(query)) return 80 - Math.min(20, form.length - query.length) / 2;
  if (` ${form}`.includes(` ${query}`)) return 60;
  const words = form.split(" ");
  if (tokens.every((t) => words.some((w) => w.startsWith(t)))) return 45;
  return 0;
}

/**
 * Target roles for a search box: by title, role alias and O*NET alternate titles, best first,
 * one row per occupation (a matching alias gives the row its slug and name). Without a query:
 * common roles.
 */
export function careerRoles(query = "", limit = 20): TCareerRole[] {
  const q = fold(query);
  if (!q) {
    return FEATURED_ROLES.map((slug) => resolveCareerRole(slug))
      .filter((r): r is Resolved => r !== null)
      .slice(0, limit)
      .map((r) => ({ slug: r.slug, title: roleTitle(r.slug), occupationCode: r.occupation.code }));
  }
  searchIndex ??= buildSearchIndex();
  const tokens = q.split(" ");
  const hits: { role: TCareerRole; score: number }[] = [];
  for (const entry of searchIndex) {
    let best = 0;
    let alias: string | null = null;
    entry.forms.forEach((form, i) => {
      // Common role names (aliases) win ties with the title, then come the (many, noisier) alternate titles.
      const weight = i === 0 ? 1 : form.alias ? 1.02 : 0.85;
      const score = formScore(form.text, q, tokens) * weight;
      if (score > best) {
        best = score;
        alias = form.alias ? form.text.replace(/ /g, "-") : null;
      }
    });
    if (best <= 0) continue;
    const slug: string = alias ?? entry.slug;
    hits.push({
      role: { slug, title: alias ? roleTitle(slug) : entry.title, occupationCode: entry.code },
      score: best,
    });
  }
  hits.sort(
    (a, b) =>
      b.score - a.score ||
      a.role.title.length - b.role.title.length ||
      (a.role.title < b.role.title ? -1 : a.role.title > b.role.title ? 1 : 0),
  );
  return hits.slice(0, Math.max(0, limit)).map((h) => h.role);
}

export type CareerPathInput = {
  /** Role slug: a role alias or an occupation slug. */
  role: string;
  /** The user's latest analysis, when there is one. */
  analysis?: TAnalysisResult | null;
  /** That analysis's resume text. */
  resumeText?: string | null;
  /** Skills known from elsewhere (names or aliases), counted as evidence too. */
  resumeSkills?: string[];
  /** Reference date for reading the resume's dates. */
  now?: Date;
};

/** Per Job Zone: the four phases' typical durations, from O*NET's preparation descriptions. */
const PHASE_DURATIONS: Record<number, [string, string, string, string]> = {
  1: ["0–3 months", "3–6 months", "6–12 months", "1–2 years"],
  2: ["0–6 months", "6–12 months", "1–2 years", "2–4 years"],
  3: ["0–1 year", "1–2 years", "2–4 years", "4+ years"],
  4: ["0–1 year", "1–3 years", "3–5 years", "5+ years"],
  5: ["0–2 years", "2–5 years", "5–8 years", "8+ years"],
};

/** Without a resume: how far along a typical entrant is, as a share of each required level. */
const ENTRANT_SHARE: Record<number, number> = { 1: 0.5, 2: 0.4, 3: 0.3, 4: 0.25, 5: 0.2 };

/** Years of experience each Job Zone usually asks for before someone is fully qualified. */
const ZONE_YEARS: Record<number, number> = { 1: 0, 2: 1, 3: 2, 4: 4, 5: 5 };

/** Resume wording that shows an O*NET skill in use. A match is evidence, not mastery: it earns
 *  a partial level (see skillGaps), and an unmatched skill counts as not shown (0). */
const SKILL_EVIDENCE: Record<string, RegExp> = {
  "Active Learning": /\b(learn|research|certif|course|degree)/i,
  "Active Listening": /\b(customers?|clients?|patients?|stakeholders?|users?|interview)/i,
  "Complex Problem Solving": /\b(solved|resolv|improv|optimi[sz]|reduc|increas)/i,
  Coordination: /\b(coordinat|cross-functional|collaborat|liaison|handoffs?|worked with)/i,
  "Critical Thinking": /\b(analy[sz]|evaluat|assess|solved|improv|investigat|reduc|diagnos)/i,
  "Equipment Maintenance": /\b(maint|repair|servic)/i,
  "Equipment Selection": /\b(select|procur|specif)\w* (equipment|tools|hardware)/i,
  Installation: /\b(install|set up|deploy)/i,
  Instructing: /\b(mentor|train(ed|ing)|taught|teach|coach|onboard)/i,
  "Judgment and Decision Making": /\b(decid|decision|prioriti[sz]|led|owned)/i,
  "Learning Strategies": /\b(learn|train|teach|curriculum|course)/i,
  "Management of Financial Resources": /\b(budget|p&l|forecast|cost)/i,
  "Management of Material Resources": /\b(inventory|procure|supplies|equipment|assets)/i,
  "Management of Personnel Resources": /\b(managed|supervis|hired|team of|direct reports|staff)/i,
  Mathematics: /\b(math|statistic|calculus|algebra|quantitative|model)/i,
  Monitoring: /\b(monitor|track|metrics|dashboards?|kpis?)/i,
  Negotiation: /\b(negotiat|contract|closed|vendor)/i,
  "Operation and Control": /\b(operat|control|run)/i,
  "Operations Analysis": /\b(requirements|process improvement|workflow|analy[sz])/i,
  "Operations Monitoring": /\b(monitor|gauges?|dashboards?|alerts?|on-call)/i,
  Persuasion: /\b(persuad|pitch|sales|convinc|influenc)/i,
  Programming:
    /\b(python|java|javascript|typescript|c\+\+|c#|golang|ruby|php|kotlin|swift|rust|scala|programming|software)\b/i,
  "Quality Control Analysis": /\b(test(ed|ing|s)?|qa|quality|inspect|audit)/i,
  "Reading Comprehension": /\b(research|review|document|report|polic)/i,
  Repairing: /\b(repair|fix|restor)/i,
  Science: /\b(biolog|chemi|physic|science|laborator|clinical)/i,
  "Service Orientation": /\b(customers?|clients?|patients?|service|support)/i,
  "Social Perceptiveness": /\b(customers?|clients?|patients?|team|empath|community)/i,
  Speaking: /\b(present|spoke|talks?|public speaking|pitch|brief)/i,
  "Systems Analysis": /\b(architect|requirements|system design|analy[sz]ed systems?|integration)/i,
  "Systems Evaluation": /\b(evaluat|assess|metrics|performance|benchmark)/i,
  "Technology Design": /\b(design(ed)?|prototyp|architect)/i,
  "Time Management": /\b(deadline|schedul|prioriti[sz]|on time|on schedule)/i,
  Troubleshooting: /\b(troubleshoot|debug|diagnos|root cause|incident)/i,
  Writing: /\b(wrote|written|writ|authored|documentation|reports?|published)/i,
};

function zoneOf(occupation: Occupation): { zone: number; ref: CareerZone | undefined } {
  const zone = occupation.jobZone ?? 3;
  return { zone, ref: careers.zones.find((z) => z.zone === zone) };
}

function firstSentence(text: string): string {
  const m = /^(.+?[.!?])(\s|$)/.exec(text);
  return (m?.[1] ?? text).trim();
}

/** O*NET's important skills; for occupations O*NET has not rated (some software occupations),
 *  the first related occupation that is rated stands in. */
function ratedSkills(occupation: Occupation): { name: string; importance: number }[] {
  if (occupation.skills.length > 0) return occupation.skills;
  const { byCode: codes } = occupationMaps();
  for (const code of occupation.related) {
    const other = codes.get(code);
    if (other && other.skills.length > 0) return other.skills;
  }
  return [];
}

let meanImportance: Map<string, number> | undefined;

/** How much more an occupation needs a skill than the average occupation does (importance points):
 *  a nurse's Service Orientation (+2.2) is core to nursing, Active Listening (+0.6) is not. */
function distinctiveness(name: string, importance: number): number {
  if (!meanImportance) {
    const sum = new Map<string, number>();
    const rated = loadOccupations().filter((o) => o.skills.length > 0);
    for (const o of rated)
      for (const sk of o.skills) sum.set(sk.name, (sum.get(sk.name) ?? 0) + sk.importance);
    meanImportance = new Map([...sum].map(([k, v]) => [k, v / Math.max(1, rated.length)]));
  }
  return importance - (meanImportance.get(name) ?? 0);
}

/** The occupation's rated skills, its most characteristic first (importance and distinctiveness). */
function coreSkills(occupation: Occupation): { name: string; importance: number }[] {
  return ratedSkills(occupation)
    .map((sk, i) => ({ sk, i, key: sk.importance + distinctiveness(sk.name, sk.importance) }))
    .sort((a, b) => b.key - a.key || a.i - b.i)
    .map(({ sk }) => sk);
}

/** One entry of an occupation's tools: a tool employers ask for by name, or several
 *  interchangeable products of one O*NET kind ("Medical software (MEDITECH, Epic, …)"). */
type Tool = {
  label: string;
  members: string[];
  kind: string;
  /** The position of its first member in O*NET's ranking (demand, core-ness, heat). */
  rank: number;
  inDemand: boolean;
  hot: boolean;
  /** Office-wide (mail, spreadsheets, office suites): every field uses it. */
  generic: boolean;
};

const MAX_TOOLS = 10;
const GROUP_EXAMPLES = 3;

/**
 * The occupation's tools, best first. Tools O*NET marks "in demand" stay one by one (employers
 * ask for Python or SAP by name); the others, when several share a kind, are one entry: a nurse
 * needs an electronic health record, not MEDITECH and Epic and eClinicalWorks as three gaps.
 */
function toolsOf(code: string): Tool[] {
  const tech = careers.tech[code];
  if (!tech) return [];
  const generic = new Set(tech.generic);
  const rows = tech.names.map((name, i) => ({
    name,
    i,
    kind: tech.kinds[i] ?? "",
    inDemand: i < tech.inDemand,
    hot: i < tech.hot,
    generic: generic.has(i),
  }));
  const groupable = (r: (typeof rows)[number]) => !r.inDemand && !r.generic && r.kind !== "";
  const perKind = new Map<string, number>();
  for (const r of rows) if (groupable(r)) perKind.set(r.kind, (perKind.get(r.kind) ?? 0) + 1);
  const tools: Tool[] = [];
  const byKind = new Map<string, Tool>();
  for (const r of rows) {
    const grouped = groupable(r) && (perKind.get(r.kind) ?? 0) >= 2;
    const existing = grouped ? byKind.get(r.kind) : undefined;
    if (existing) {
      existing.members.push(r.name);
      existing.hot ||= r.hot;
      continue;
    }
    const tool: Tool = {
      label: r.name,
      members: [r.name],
      kind: r.kind,
      rank: r.i,
      inDemand: r.inDemand,
      hot: r.hot,
      generic: r.generic,
    };
    if (grouped) byKind.set(r.kind, tool);
    tools.push(tool);
  }
  for (const tool of byKind.values()) {
    // Products as examples, not O*NET's generic entries of the kind ("Database software").
    const products = tool.members.filter((m) => !/\bsoftware\b/i.test(m) && !isKindName(m, tool.kind));
    const shown = products.slice(0, GROUP_EXAMPLES).join(", ");
    const more = products.length > GROUP_EXAMPLES ? ", …" : "";
    tool.label = products.length > 0 ? `${tool.kind} (${shown}${more})` : tool.kind;
  }
  return tools.slice(0, MAX_TOOLS);
}

/** "Computer aided design" names its kind ("Computer aided design CAD software"), not a product. */
function isKindName(name: string, kind: string): boolean {
  const kindWords = new Set(fold(kind).split(" "));
  return fold(name)
    .split(" ")
    .every((w) => kindWords.has(w));
}

/** Tool labels for a roadmap's phases, office-wide tools last. */
function toolLabels(code: string): string[] {
  const tools = toolsOf(code);
  return [...tools.filter((t) => !t.generic), ...tools.filter((t) => t.generic)].map((t) => t.label);
}

/** The related occupation to show as the next step: O*NET's most related one that needs about as
 *  much preparation (a zone lower at most: O*NET rates some senior roles a zone lower) and pays at
 *  least 80% of the target's median, else the most related one. */
function nextOccupation(occupation: Occupation): Occupation | null {
  const { byCode: codes } = occupationMaps();
  const related = occupation.related.map((c) => codes.get(c)).filter((o): o is Occupation => !!o);
  const median = occupation.wages?.median ?? 0;
  const zone = occupation.jobZone ?? 0;
  return (
    related
      .slice(0, 6)
      .find((o) => o.wages && o.wages.median >= median * 0.8 && (o.jobZone ?? 0) >= zone - 1) ??
    related[0] ??
    null
  );
}

const parsedResumes = new WeakMap<CareerPathInput, ReturnType<typeof parseResume>>();

/** The input's resume, parsed once per input (a path reads it for evidence, title, years and education). */
function resumeOf(input: CareerPathInput): ReturnType<typeof parseResume> | null {
  if (!input.resumeText) return null;
  let resume = parsedResumes.get(input);
  if (!resume) {
    resume = parseResume(input.resumeText, input.now ? { now: input.now } : {});
    parsedResumes.set(input, resume);
  }
  return resume;
}

type Evidence = { skillIds: Set<string>; names: Set<string>; missing: Set<string>; text: string };

function collectEvidence(input: CareerPathInput): Evidence | null {
  const { analysis, resumeText } = input;
  if (!analysis && !resumeText && !input.resumeSkills?.length) return null;
  const skillIds = new Set<string>();
  const names = new Set<string>();
  const missing = new Set<string>();
  for (const m of analysis?.skillsMatch.matched ?? []) {
    names.add(m.skill.toLowerCase());
    const skill = lookupSurfaceForm(m.skill);
    if (skill) skillIds.add(skill.id);
  }
  for (const m of analysis?.skillsMatch.missing ?? []) missing.add(m.skill.toLowerCase());
  for (const s of input.resumeSkills ?? []) {
    names.add(s.toLowerCase());
    const skill = lookupSurfaceForm(s);
    if (skill) skillIds.add(skill.id);
  }
  if (resumeText) {
    const resume = resumeOf(input) ?? parseResume(resumeText, input.now ? { now: input.now } : {});
    for (const id of indexResume(resume, engineData().taxonomy).skills.keys()) skillIds.add(id);
  }
  return { skillIds, names, missing, text: resumeText ?? "" };
}

function priorityOf(required: number): "high" | "medium" | "low" {
  return required >= 80 ? "high" : required >= 65 ? "medium" : "low";
}

const PRIORITY_RANK = { high: 0, medium: 1, low: 2 } as const;

type Gap = TCareerPath["skillGaps"][number];

const MAX_GAPS = 10;

function skillGaps(occupation: Occupation, evidence: Evidence | null, years: number): Gap[] {
  const { zone } = zoneOf(occupation);
  const entrant = ENTRANT_SHARE[zone] ?? 0.3;
  const { taxonomy } = engineData();
  const shownKinds = new Set<string>();
  for (const id of evidence?.skillIds ?? []) {
    const group = taxonomy.byId.get(id)?.group;
    if (group) shownKinds.add(group);
  }

  const techGaps: Gap[] = [];
  const officeWide = new Set<Gap>();
  const skillGapsOut: Gap[] = [];
  for (const tool of toolsOf(occupation.code)) {
    const i = tool.rank;
    // O*NET marks technologies "in demand" (employers ask for them) and "hot" (often listed);
    // within a tier the list is ranked, so each step down asks a little less.
    const required = tool.inDemand ? Math.max(76, 88 - i) : tool.hot ? Math.max(62, 74 - i) : 55;
    let current = Math.round(required * entrant);
    let priority = priorityOf(required);
    if (evidence) {
      const members = tool.members.map((name) => ({ name, skill: lookupSurfaceForm(name) }));
      // Shown: the tool itself, or a kind of it (PostgreSQL shows SQL; React does not show HTML).
      if (
        members.some(
          ({ name, skill }) =>
            evidence.names.has(name.toLowerCase()) ||
            (skill &&
              (evidence.skillIds.has(skill.id) ||
                (taxonomy.children.get(skill.id) ?? []).some((c) => evidence.skillIds.has(c)))),
        )
      )
        continue;
      // A parent or sibling skill (SQL for PostgreSQL, MySQL for PostgreSQL), or another
      // product of a grouped kind (Cerner for "Medical software"), is partial.
      const related =
        (tool.members.length > 1 && shownKinds.has(tool.kind)) ||
        members.some(
          ({ skill }) =>
            skill &&
            ((skill.parent && evidence.skillIds.has(skill.parent)) ||
              (skill.parent &&
                (taxonomy.children.get(skill.parent) ?? []).some((c) => evidence.skillIds.has(c)))),
        );
      current = related ? Math.round(required * 0.4) : 0;
      if (members.some(({ name }) => evidence.missing.has(name.toLowerCase()))) priority = "high";
    }
    const gap: Gap = { skill: tool.label, priority, currentLevel: current, requiredLevel: required };
    if (tool.generic) officeWide.add(gap);
    techGaps.push(gap);
  }

  for (const { name, importance } of coreSkills(occupation)
    .filter((s) => s.importance >= 3.5)
    .slice(0, 8)) {
    const required = Math.min(100, Math.round((importance / 5) * 100));
    // Skills every occupation asks for about as much (listening, speaking) rank after the core ones.
    const generic = distinctiveness(name, importance) < 1;
    let current = Math.round(required * entrant);
    if (evidence) {
      const pattern = SKILL_EVIDENCE[name];
      const shown = (pattern?.test(evidence.text) ?? false) || evidence.names.has(name.toLowerCase());
      // Shown in the resume: partial, more so with the zone's usual years of experience.
      current = shown ? Math.round(required * (years >= (ZONE_YEARS[zone] ?? 2) ? 0.85 : 0.6)) : 0;
    }
    if (current >= required) continue;
    const priority = priorityOf(required);
    skillGapsOut.push({
      skill: name,
      priority: generic && priority === "high" ? "medium" : priority,
      currentLevel: current,
      requiredLevel: required,
    });
  }
  // The occupation's own hot tools not yet shown are as pressing as its core skills.
  // Office-wide tools (mail, spreadsheets) never outrank the field's own.
  for (const g of techGaps) {
    if (g.currentLevel === 0 && g.requiredLevel >= 62 && evidence) g.priority = "high";
    if (officeWide.has(g) && g.priority === "high") g.priority = "medium";
  }

  const rank = new Map<Gap, number>();
  for (const [i, g] of techGaps.entries()) rank.set(g, i);
  for (const [i, g] of skillGapsOut.entries()) rank.set(g, i);
  // Within a priority: O*NET's ranking (tools by demand and core-ness, skills by how
  // characteristic they are), the bigger gap breaking ties.
  const order = (a: Gap, b: Gap) =>
    PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority] ||
    (rank.get(a) ?? 0) - (rank.get(b) ?? 0) ||
    b.requiredLevel - b.currentLevel - (a.requiredLevel - a.currentLevel);
  // Sorting is stable: ties keep O*NET's ranking. Both kinds, so tools never crowd out the occupation's broader skills (or the reverse).
  const skillShare = Math.min(skillGapsOut.length, Math.max(4, MAX_GAPS - techGaps.length));
  return [
    ...techGaps.sort(order).slice(0, MAX_GAPS - skillShare),
    ...skillGapsOut.sort(order).slice(0, skillShare),
  ].sort(order);
}

function certificationsFor(resolved: Resolved, evidence: Evidence | null): CareerCertification[] {
  const list =
    (resolved.alias ? careers.certifications[resolved.slug] : undefined) ??
    careers.certifications[resolved.occupation.code] ??
    [];
  const text = evidence?.text.toLowerCase() ?? "";
  return list
    .filter((c) => {
      if (!text) return true;
      // Already held: the resume names it or its acronym ("PMP", "CompTIA Security+").
      const acronym = /\(([A-Za-z0-9+-]{2,12})\)/.exec(c.name)?.[1]?.toLowerCase();
      return !(
        text.includes(c.name.toLowerCase()) ||
        (acronym && new RegExp(`(^|[^a-z0-9])${acronym.replace(/[+]/g, "\\+")}([^a-z0-9]|$)`).test(text))
      );
    })
    .map((c, i) => ({ c, i }))
    .sort((a, b) => b.c.relevance - a.c.relevance || a.i - b.i)
    .map(({ c }) => ({ ...c }));
}

function salaryRows(occupation: Occupation, next: Occupation | null): TCareerPath["salaryProgression"] {
  const rows: TCareerPath["salaryProgression"] = [];
  const name = (o: Occupation) => (o.wagesSoc ? `${o.title} (OEWS group ${o.wagesSoc})` : o.title);
  const w = occupation.wages;
  if (w) {
    rows.push(
      {
        role: name(occupation),
        timeframe: "Entry (10th–25th percentile)",
        minSalary: w.p10,
        maxSalary: w.p25,
      },
      {
        role: name(occupation),
        timeframe: "Mid-career (25th–75th percentile)",
        minSalary: w.p25,
        maxSalary: w.p75,
      },
      {
        role: name(occupation),
        timeframe: "Senior (75th–90th percentile)",
        minSalary: w.p75,
        maxSalary: w.p90,
      },
    );
  }
  // A next role paid from the same OEWS group (Clinical Nurse Specialists are counted with
  // Registered Nurses) would only repeat the mid-career band.
  const wageGroup = (o: Occupation) => o.wagesSoc ?? o.code.slice(0, 7);
  if (next?.wages && wageGroup(next) !== wageGroup(occupation)) {
    rows.push({
      role: name(next),
      timeframe: "Next role, mid-career (25th–75th percentile)",
      minSalary: next.wages.p25,
      maxSalary: next.wages.p75,
    });
  }
  return rows;
}

type Move = {
  /** The latest job title on the resume. */
  title: string | null;
  /** Its O*NET occupation, when the title names one. */
  current: Occupation | null;
  distance: OccupationDistance | null;
  education: EducationGap;
  /** Years of experience: the analysis's figure, else the resume's dated roles. */
  years: number;
};

/** Months covered by dated roles (overlaps counted once). */
function resumeYears(experience: { startMonth?: number | null; endMonth?: number | null }[]): number {
  const spans = experience
    .filter((e): e is { startMonth: number; endMonth: number } => e.startMonth != null && e.endMonth != null)
    .map((e) => [e.startMonth, Math.max(e.startMonth, e.endMonth)] as [number, number])
    .sort((a, b) => a[0] - b[0]);
  let months = 0;
  let end = -Infinity;
  for (const [a, b] of spans) {
    if (b <= end) continue;
    months += b - Math.max(a, end);
    end = b;
  }
  return Math.round((months / 12) * 10) / 10;
}

function moveOf(input: CareerPathInput, target: Occupation): Move {
  const resume = resumeOf(input);
  const title = resume?.experience.find((e) => e.title)?.title ?? null;
  const current = title ? occupationOfTitle(title, exactTitle) : null;
  const distance = current ? occupationDistance(current, target, ratedSkills) : null;
  const years =
    input.analysis?.experienceComparison.resumeYears ?? (resume ? resumeYears(resume.experience) : 0);
  const education = educationGap({
    target,
    credential: careers.credentials?.[target.code],
    held: educationLevelOf(resume?.education ?? []),
    resumeText: input.resumeText ?? "",
    sameOccupation: distance?.kind === "same",
    // Within a field, experience stands in for the Job Zone's usual degree (O*NET: "some do not").
    experienceCounts: distance === null || distance.kind === "same" || distance.kind === "near",
  });
  return { title, current, distance, education, years };
}

/** Where the person stands: their title and seniority within their own field; across fields the
 *  years count as experience, not as seniority in the target (an expert office manager starts
 *  nursing as a student). */
function currentLevelOf(personalised: boolean, move: Move): string {
  if (!personalised) return "Entry level";
  const rounded = Math.round(move.years * 10) / 10;
  const years = `${rounded} ${rounded === 1 ? "year" : "years"}`;
  const title = move.title ? `${move.title} · ` : "";
  if (move.education.programme || move.distance?.kind === "far")
    return `${title}${years} of experience · new to this field`;
  const level = `${experienceLevel(move.years).replace(/ \(.*\)$/, "")} (${years})`;
  if (move.distance?.kind === "mid") return `${title}${level} in a neighbouring field`;
  return `${title}${level}`;
}

/** Phase durations of a move without a programme to complete, by distance. */
const MOVE_DURATIONS: Record<"same" | "near" | "mid" | "far", [string, string, string, string]> = {
  same: ["0–6 months", "6–12 months", "1–2 years", "2–3 years"],
  near: ["0–6 months", "6–12 months", "1–2 years", "2–4 years"],
  mid: ["6–12 months", "1–2 years", "2–3 years", "3–5 years"],
  far: ["6–18 months", "1–2 years", "2–4 years", "3–5 years"],
};

type Phase = TCareerPath["timeline"][number];

const MOVE_WORDS = {
  same: "You already work in this occupation",
  near: "A close move: O*NET relates your occupation to this one",
  mid: "A move within a neighbouring field",
  far: "A career change into a different field",
} as const;

/**
 * The career path to `role`, or null when no occupation has that slug. Personalised (current
 * level, skill gaps, certifications already held) when an analysis or resume is given.
 */
export function careerPath(input: CareerPathInput): TCareerPath | null {
  const resolved = resolveCareerRole(input.role);
  if (!resolved) return null;
  const { occupation } = resolved;
  const { zone, ref } = zoneOf(occupation);
  const evidence = collectEvidence(input);
  const personalised = evidence !== null;
  const tech = toolLabels(occupation.code);
  const techMembers = new Set(toolsOf(occupation.code).flatMap((t) => t.members));
  const skills = ratedSkills(occupation).map((s) => s.name);
  const tasks = occupation.tasks ?? [];
  const next = nextOccupation(occupation);
  const durations = PHASE_DURATIONS[zone] ?? PHASE_DURATIONS[3] ?? ["", "", "", ""];
  const gaps = skillGaps(occupation, evidence, moveYears(input));
  const certifications = certificationsFor(resolved, evidence);
  const targetRole = resolved.alias ? roleTitle(resolved.slug) : occupation.title;

  // The next role's own tools: not the target's, and not office-wide ones every field uses.
  const nextTech = next
    ? toolsOf(next.code)
        .filter((t) => !t.generic && !t.members.some((m) => techMembers.has(m)))
        .map((t) => t.label)
    : [];
  // The next role's characteristic skills, not the ones every occupation asks for (listening).
  const nextSkills = next
    ? coreSkills(next)
        .filter((sk) => distinctiveness(sk.name, sk.importance) >= 1)
        .map((sk) => sk.name)
    : [];
  const highGaps = gaps.filter((g) => g.priority === "high").map((g) => g.skill);
  const list = (items: (string | undefined)[]) => items.filter((s): s is string => !!s);
  const join = (items: string[]) =>
    items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;

  const move = moveOf(input, occupation);
  const core = coreSkills(occupation).map((sk) => sk.name);
  // A known move, or a resume whose education falls short of the target's (even when its job
  // titles name no occupation): the route from where the person is.
  const routed = personalised && (move.distance !== null || move.education.programme !== null);
  const timeline: TCareerPath["timeline"] = routed
    ? moveTimeline({
        move,
        distance: move.distance,
        target: occupation,
        targetRole,
        ref,
        tech,
        core,
        highGaps,
        tasks,
        next,
        nextTech,
        nextSkills,
        certifications,
      })
    : [
        {
          phase: "Foundation",
          duration: durations[0],
          objectives: list([
            ref ? firstSentence(ref.education) : undefined,
            personalised && highGaps.length > 0
              ? `Close your high-priority gaps first: ${join(highGaps.slice(0, 3))}.`
              : tech.length > 0
                ? `Learn the basics of ${join(tech.slice(0, 3))}.`
                : undefined,
            skills[0]
              ? `Build ${join(skills.slice(0, 2)).toLowerCase()} through coursework or practice.`
              : undefined,
          ]),
          skills:
            personalised && highGaps.length > 0
              ? highGaps.slice(0, 4)
              : [...new Set([...tech.slice(0, 3), ...skills.slice(0, 1)])],
        },
        {
          phase: "Core skills",
          duration: durations[1],
          objectives: list([ref ? firstSentence(ref.training) : undefined, tasks[0], tasks[1]]),
          skills: [...new Set([...tech.slice(3, 6), ...skills.slice(1, 3)])],
        },
        {
          phase: "Professional",
          duration: durations[2],
          objectives: list([
            ref ? firstSentence(ref.experience) : undefined,
            tasks[2],
            tasks[3],
            certifications[0] ? `Consider the ${certifications[0].name} certification.` : undefined,
          ]),
          skills: [...new Set([...tech.slice(6, 9), ...skills.slice(3, 5)])],
        },
        {
          phase: "Next role",
          duration: durations[3],
          objectives: list([
            next ? `Move toward ${next.title}, the closest related occupation in O*NET.` : undefined,
            next?.tasks?.[0],
            tech.length > 9 ? `Broaden into ${join(tech.slice(9, 12))}.` : undefined,
          ]),
          skills: [
            ...new Set([
              ...nextTech.slice(0, 3),
              ...nextSkills.filter((s) => !skills.slice(0, 5).includes(s)).slice(0, 2),
            ]),
          ],
        },
      ];
  // Without a resume the route still names the licence a credentialed occupation requires.
  const credential = careers.credentials?.[occupation.code];
  if (!routed && credential && timeline[0]) {
    timeline[0].objectives.unshift(
      `Typical route: ${credential.programme} (${formatYears(credential.years)}, estimate)${credential.licence ? `, then the ${credential.licence.name}` : ""}.`,
    );
  }

  const { byCode: codes } = occupationMaps();
  return {
    role: resolved.slug,
    occupationCode: occupation.code,
    currentLevel: currentLevelOf(personalised, move),
    targetRole,
    timeline,
    skillGaps: gaps,
    certifications,
    salaryProgression: salaryRows(occupation, next),
    salarySource: SALARY_SOURCE,
    personalised,
    nextRoles: occupation.related
      .slice(0, 5)
      .map((c) => codes.get(c))
      .filter((o): o is Occupation => !!o)
      .map((o) => ({ slug: o.slug, title: o.title })),
  };
}

function moveYears(input: CareerPathInput): number {
  if (input.analysis) return input.analysis.experienceComparison.resumeYears;
  return input.resumeText ? resumeYears(resumeOf(input)?.experience ?? []) : 0;
}

function joinAnd(items: string[]): string {
  return items.length <= 1
    ? (items[0] ?? "")
    : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** The phases of a known move: short for a close move; for a far one the programme and licence
 *  the target needs, then a first role, each with its own duration. */
function moveTimeline(o: {
  move: Move;
  distance: OccupationDistance | null;
  target: Occupation;
  targetRole: string;
  ref: CareerZone | undefined;
  tech: string[];
  core: string[];
  highGaps: string[];
  tasks: string[];
  next: Occupation | null;
  nextTech: string[];
  nextSkills: string[];
  certifications: CareerCertification[];
}): Phase[] {
  const { move, distance, target, targetRole, tech, core, highGaps, tasks, next } = o;
  const { education } = move;
  const from =
    move.title && move.current && move.current.title !== move.title
      ? `${move.title}, O*NET ${move.current.title}`
      : (move.current?.title ?? move.title ?? "your current role");
  const kind = education.programme && distance?.kind !== "same" ? "far" : (distance?.kind ?? "near");
  const start = distance
    ? `${MOVE_WORDS[distance.kind]} (from ${from})`
    : "From the education on your resume (its job titles name no occupation we can place)";
  const durations = MOVE_DURATIONS[kind];
  const list = (items: (string | undefined | false)[]) => items.filter((x): x is string => !!x);
  const uniq = (items: string[]) => [...new Set(items)];
  const phases: Phase[] = [];
  // The first certification that is not the licence itself ("NCLEX-RN licensure examination").
  const licenceWord = education.licence?.name.split(" ")[0]?.toLowerCase() ?? "\u0000";
  const nextCertification = o.certifications.find((c) => !c.name.toLowerCase().includes(licenceWord));
  const gapsFirst =
    highGaps.length > 0 ? highGaps.slice(0, 4) : uniq([...tech.slice(0, 2), ...core.slice(0, 2)]);

  if (education.programme) {
    // Preparing (a quarter to a year), the programme, then the licence exam (about a quarter).
    const licence = education.licence ? 0.25 : 0;
    const total: [number, number] = [
      Math.max(1, Math.round(education.years[0] + 0.25 + licence)),
      Math.ceil(education.years[1] + 1 + licence),
    ];
    phases.push({
      phase: "Prepare and apply",
      duration: "3–12 months",
      objectives: list([
        `${start}: expect about ${formatYears(total)} before you work as ${article(targetRole)} ${targetRole}.`,
        `Take the programme's admission prerequisites and apply: ${education.programme}.`,
        `Shadow or volunteer alongside people who work as ${targetRole.toLowerCase()}s to confirm the move.`,
      ]),
      // The programme builds the occupation's skills; before it, admission is the work.
      skills: [],
    });
    phases.push({
      phase: `Education: ${education.short ?? education.programme}`,
      duration: `${formatYears(education.years)}`,
      objectives: list([
        education.curated
          ? `The usual route: ${education.programme} (estimate; state requirements vary).`
          : `O*NET Job Zone ${target.jobZone ?? 3}: ${o.ref ? firstSentence(o.ref.education) : "most entrants have this education."}`,
        tasks[0] ? `Practise the core work: ${lowerFirst(tasks[0])}` : undefined,
        tasks[1],
      ]),
      skills: uniq(core.slice(0, 5)),
    });
    if (education.licence) {
      phases.push({
        phase: `Licensure: ${education.licence.name}`,
        duration: education.licence.time,
        objectives: [
          `Pass the ${education.licence.name} (${education.licence.body}); you cannot practise without it.`,
        ],
        skills: [education.licence.name],
      });
    }
    phases.push({
      phase: `First role as ${targetRole}`,
      duration: "1–2 years",
      objectives: list([
        o.ref ? firstSentence(o.ref.training) : undefined,
        tasks[2],
        tasks[3],
        nextCertification ? `Then consider the ${nextCertification.name} certification.` : undefined,
      ]),
      skills: uniq([...tech.slice(0, 4), ...core.slice(4, 6)]),
    });
  } else {
    phases.push({
      phase: kind === "same" ? "Sharpen your edge" : kind === "near" ? "Bridge the gaps" : "Retrain",
      duration: durations[0],
      objectives: list([
        `${start}.`,
        highGaps.length > 0
          ? `Close your high-priority gaps first: ${joinAnd(highGaps.slice(0, 3))}.`
          : tech.length > 0
            ? `Deepen ${joinAnd(tech.slice(0, 3))}.`
            : undefined,
        kind === "mid" || kind === "far"
          ? `Build ${joinAnd(core.slice(0, 2)).toLowerCase()} through coursework or practice.`
          : undefined,
      ]),
      skills: gapsFirst,
    });
    phases.push({
      phase: kind === "same" ? "Take on more scope" : `Move into ${targetRole}`,
      duration: durations[1],
      objectives: list([
        kind === "same"
          ? "Lead larger pieces of the work and mentor others."
          : o.ref
            ? firstSentence(o.ref.training)
            : undefined,
        tasks[0],
        tasks[1],
      ]),
      skills: uniq([...tech.slice(2, 5), ...core.slice(1, 3)]),
    });
    phases.push({
      phase: kind === "same" ? "Senior" : "Professional",
      duration: durations[2],
      objectives: list([
        tasks[2],
        tasks[3],
        o.certifications[0] ? `Consider the ${o.certifications[0].name} certification.` : undefined,
      ]),
      skills: uniq([...tech.slice(5, 8), ...core.slice(3, 5)]),
    });
  }
  phases.push({
    phase: "Next role",
    duration: durations[3],
    objectives: list([
      next ? `Move toward ${next.title}, the closest related occupation in O*NET.` : undefined,
      next?.tasks?.[0],
    ]),
    skills: uniq([
      ...o.nextTech.slice(0, 3),
      ...o.nextSkills.filter((x) => !core.slice(0, 5).includes(x)).slice(0, 2),
    ]),
  });
  // Each skill once, in the first phase that names it.
  const seen = new Set<string>();
  for (const phase of phases) phase.skills = phase.skills.filter((x) => !seen.has(x) && !!seen.add(x));
  return phases;
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? "an" : "a";
}

function lowerFirst(s: string): string {
  return /^[A-Z][a-z]/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s;
}
