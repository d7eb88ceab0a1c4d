// The tools of an occupation as a roadmap lists them: the ones employers ask for by name one by
// one, interchangeable products of one kind as one entry.
import { careers } from "./career-data.ts";
import { fold } from "./career-roles.ts";

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
export function toolsOf(code: string): Tool[] {
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
export function toolLabels(code: string): string[] {
  const tools = toolsOf(code);
  return [...tools.filter((t) => !t.generic), ...tools.filter((t) => t.generic)].map((t) => t.label);
}
