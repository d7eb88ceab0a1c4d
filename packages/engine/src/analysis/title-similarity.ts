/**
 * How alike two job titles are: their content stems, seniority words aside, with the role's noun
 * counted double. Shared by the experience fit and the occupation lookup (market.ts).
 */
import { stem } from "../text/stem.ts";

const SENIORITY_WORDS = new Set([
  "senior",
  "sr",
  "junior",
  "jr",
  "lead",
  "staff",
  "principal",
  "head",
  "chief",
  "i",
  "ii",
  "iii",
  "iv",
  "associate",
  "entry",
  "level",
  "mid",
]);

const titleStemMemo = new Map<string, string[]>();

/** Content stems of a job title, seniority words aside: "Senior Software Engineer" -> software, engin. */
export function titleStems(title: string): string[] {
  const cached = titleStemMemo.get(title);
  if (cached) return cached;
  const stems = (title.toLowerCase().match(/[a-z]+/g) ?? [])
    .filter(
      (w) =>
        !SENIORITY_WORDS.has(w) && w.length > 1 && !["and", "of", "the", "for", "in", "at", "to"].includes(w),
    )
    .map((w) => stem(w));
  if (titleStemMemo.size > 50_000) titleStemMemo.clear();
  titleStemMemo.set(title, stems);
  return stems;
}

/** Words that name no kind of work after another that does: "Veterinarian Specialist" is a veterinarian. */
const GENERIC_HEADS = new Set(["specialist", "professional", "expert", "practitioner"].map((w) => stem(w)));

/** The role's noun: the last word, or the one before a generic last word. */
function heads(x: string[]): string[] {
  const last = x[x.length - 1] ?? "";
  return x.length > 1 && GENERIC_HEADS.has(last) ? [last, x[x.length - 2] ?? ""] : [last];
}

/** How alike two stemmed titles are, 0..1 (the last word, the role's noun, counts double). */
export function stemSimilarity(x: string[], y: string[]): number {
  if (x.length === 0 || y.length === 0) return 0;
  let shared = 0;
  for (const s of x) if (y.includes(s)) shared++;
  const yHeads = heads(y);
  const headBonus = heads(x).some((h) => yHeads.includes(h)) ? 1 : 0;
  const union = new Set([...x, ...y]).size;
  return Math.min(1, (shared + headBonus) / (union + 1));
}

/** How alike two job titles are, 0..1 (the last word, the role's noun, counts double). */
export function titleSimilarity(a: string, b: string): number {
  return stemSimilarity(titleStems(a), titleStems(b));
}
