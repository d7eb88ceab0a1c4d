/**
 * The named skills a posting line asks for: the taxonomy's hits with their context checked, and
 * which of them the line offers as alternatives ("Go or Java" is one requirement).
 */

import { conceptSpans } from "../skills/concepts.ts";
import type { SkillHit, Taxonomy } from "../skills/taxonomy.ts";
import { scanLine } from "../skills/taxonomy.ts";
import { allMatches } from "../text/matches.ts";
import { isListLine } from "./evidence.ts";
import { URL_RE } from "./phrases.ts";
import { acceptHits } from "./resume-index.ts";

const LANGUAGE_CUE =
  /\b(speak|spoken|speaks|fluen|bilingual|multilingual|language|native|proficien|conversational|written|verbal|read|write)/i;

/** Words right before a name that exclude it ("other than English", "except Java"). */
const EXCLUDED_BEFORE =
  /\b(?:other than|except(?: for)?|excluding|apart from|rather than|instead of|without)\s+(?:the\s+|an?\s+)?$/i;

/** Skills the line names, with their context checked ("Act with integrity" names no product). */
export function skillsInLine(taxonomy: Taxonomy, text: string): SkillHit[] {
  const spans = conceptSpans(text);
  const urls = allMatches(URL_RE, text).map((m) => [m.index, m.index + m[0].length] as const);
  return acceptHits(scanLine(taxonomy, text), text, isListLine(text)).filter((hit) => {
    const skill = taxonomy.byId.get(hit.skillId);
    if (!skill || urls.some(([a, b]) => hit.start < b && hit.end > a)) return false;
    // "content in languages other than English", "any language except COBOL": not asked for.
    if (EXCLUDED_BEFORE.test(text.slice(Math.max(0, hit.start - 24), hit.start))) return false;
    // A soft skill inside a concept's wording ("lifting 50 lb") is asked for as that concept.
    if (skill.category === "soft" && spans.some(([a, b]) => hit.start < b && hit.end > a)) return false;
    // Languages count only when the line is about speaking them, or names little else.
    if (skill.category === "language" && !LANGUAGE_CUE.test(text) && text.split(/\s+/).length > 3)
      return false;
    return true;
  });
}

/**
 * Groups of hits the line offers as alternatives: "Go or Java", "Python, Ruby, or Go", "either
 * X or Y", and slash-joined skills of one family ("AWS/Azure/GCP"). A slash between unrelated
 * skills ("Golang/PostgreSQL") means both.
 */
export function alternativeGroups(taxonomy: Taxonomy, text: string, hits: SkillHit[]): SkillHit[][] {
  const groups: SkillHit[][] = hits.map((h) => [h]);
  const category = (h: SkillHit) => taxonomy.byId.get(h.skillId)?.category;
  const parent = (h: SkillHit) => taxonomy.byId.get(h.skillId)?.parent ?? null;
  // "databases such as PostgreSQL, MySQL or Oracle": the examples are ways to meet the ask.
  const example: boolean[] = hits.map(() => false);
  for (let i = 1; i < hits.length; i++) {
    const a = hits[i - 1];
    const b = hits[i];
    if (!a || !b) continue;
    const between = text.slice(a.end, b.start);
    if (
      /^\s*,?\s*\(?\s*(?:such as|e\.g\.?,?|eg\.?|like|including|for example|for instance|i\.e\.?,?)\s+$/i.test(
        between,
      )
    )
      example[i] = true;
    else if (example[i - 1] && /^\s*(?:,|\/|,?\s*(?:and|or|and\/or))\s*$/i.test(between)) example[i] = true;
  }
  // "AWS (EC2, RDS, S3 or similar)", "PostgreSQL (or a similar relational database)", "HubSpot (our
  // email and marketing automation platform)": skills in parentheses after another that offer
  // alternatives or name its category are ways to meet it.
  const asideOf: (number | null)[] = hits.map(() => null);
  for (let j = 0; j < hits.length; j++) {
    const a = hits[j];
    if (!a || asideOf[j] !== null) continue;
    const paren = /^\s*\(([^)]*)\)?/.exec(text.slice(a.end));
    if (
      !paren ||
      !/^\s*(?:or|e\.g|eg|i\.e|such as|like)\b|\b(?:platform|tool|system|software|suite|stack|database|language|framework|equivalent|similar|etc\.?)s?\s*$/i.test(
        paren[1] ?? "",
      )
    )
      continue;
    for (let k = j + 1; k < hits.length && (hits[k]?.start ?? Infinity) < a.end + paren[0].length; k++)
      asideOf[k] = j;
  }
  for (let i = groups.length - 1; i > 0; i--) {
    const a = hits[i - 1];
    const b = hits[i];
    if (!a || !b || category(a) === "language" || category(b) === "language") continue;
    const between = text.slice(a.end, b.start);
    if (example[i]) {
      groups[i - 1] = [...(groups[i - 1] ?? []), ...(groups[i] ?? [])];
      groups.splice(i, 1);
      continue;
    }
    const aside = asideOf[i] !== null && (asideOf[i] === i - 1 || asideOf[i] === asideOf[i - 1]);
    const orJoin = aside || /^\s*,?\s*(?:or|and\/or)\s+$/i.test(between);
    const slash = /^\s*\/\s*$/.test(between) && parent(a) !== null && parent(a) === parent(b);
    // "Python, Ruby, or Go": the commas before a closing "or" join alternatives too.
    const listOr =
      /^\s*,\s*$/.test(between) &&
      hits.slice(i).some((h, k) => {
        const prev = hits[i + k - 1];
        return prev && /^\s*,?\s*or\s+$/i.test(text.slice(prev.end, h.start));
      });
    if (orJoin || slash || listOr) {
      groups[i - 1] = [...(groups[i - 1] ?? []), ...(groups[i] ?? [])];
      groups.splice(i, 1);
    }
  }
  return groups;
}
