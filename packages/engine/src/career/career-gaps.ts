// The skill gaps of a roadmap: the occupation's core skills and tools against what the resume
// shows (or, without one, against a typical entrant), most important first.
import type { TCareerPath } from "@resumelens/contract";
import { engineData } from "../analysis/analyze.ts";
import { lookupSurfaceForm } from "../data/index.ts";
import type { Occupation } from "../data/types.ts";
import { coreSkills, distinctiveness, zoneOf } from "./career-data.ts";
import type { Evidence } from "./career-evidence.ts";
import { toolsOf } from "./career-tools.ts";

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

function priorityOf(required: number): "high" | "medium" | "low" {
  return required >= 80 ? "high" : required >= 65 ? "medium" : "low";
}

const PRIORITY_RANK = { high: 0, medium: 1, low: 2 } as const;

type Gap = TCareerPath["skillGaps"][number];

const MAX_GAPS = 10;

/** The occupation's skill and tool gaps for this person (or a typical entrant), most important first. */
export function skillGaps(occupation: Occupation, evidence: Evidence | null, years: number): Gap[] {
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
