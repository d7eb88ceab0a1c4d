/**
 * Field comparison rules for parsed resumes against known truth — the same rules as the labelled
 * PDF set in apps/api/src/modules/documents/pdf/extract-pdf.test.ts, so both measure alike.
 */
import type { ParsedResume } from "@resumelens/engine";
import type { Truth, TruthDegree, TruthRole } from "./truth.ts";

/** Lower case, ASCII letters and digits only, single spaces. */
export const loose = (s: string | null | undefined) =>
  (s ?? "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

/** A parsed field matches when it equals the label, or contains it as whole words (a title with its team). */
export const same = (got: string | null | undefined, want: string) =>
  loose(got) === loose(want) || (loose(want).length > 0 && ` ${loose(got)} `.includes(` ${loose(want)} `));

/** Dates: "YYYY-MM" exactly; a year-only label checks the year; null (present) only matches null. */
export const sameDate = (got: string | null, want: string | null) =>
  want === null ? got === null : want.length === 4 ? (got ?? "").startsWith(want) : got === want;

type ParsedRole = ParsedResume["experience"][number];

/** The parsed work roles (not projects or volunteering). */
export const workRoles = (parsed: Pick<ParsedResume, "experience">): ParsedRole[] =>
  parsed.experience.filter((e) => e.section === "experience");

/** The parsed role with the same dates, else the one at the same position; and how it was found. */
export function matchRole(
  roles: ParsedRole[],
  want: TruthRole,
  position: number,
): { role: ParsedRole | undefined; by: "dates" | "position" } {
  const byDates = roles.find((r) => sameDate(r.start, want.start) && sameDate(r.end, want.end));
  return byDates ? { role: byDates, by: "dates" } : { role: roles[position], by: "position" };
}

/** The parsed education entry naming the same institution and degree. */
export const matchDegree = (parsed: Pick<ParsedResume, "education">, want: TruthDegree) =>
  parsed.education.find((e) => same(e.institution, want.institution) && same(e.degree, want.degree));

export const FIELDS = ["name", "email", "phone", "title", "company", "start", "end", "degree"] as const;
export type Field = (typeof FIELDS)[number];

/** One compared field of one document: what the truth says, what the parser gave, and where. */
export type FieldCheck = {
  field: Field;
  ok: boolean;
  want: string | null;
  got: string | null;
  /** For role fields: the truth role's index, and whether a parsed role was found by dates, by position, or not at all. */
  role?: { index: number; by: "dates" | "position" | "none"; parsed: ParsedRole | undefined };
};

/** Every field of `truth` checked against `parsed`. */
export function checkFields(truth: Truth, parsed: ParsedResume): FieldCheck[] {
  const checks: FieldCheck[] = [
    { field: "name", ok: same(parsed.contact.name, truth.name), want: truth.name, got: parsed.contact.name },
    {
      field: "email",
      ok: parsed.contact.email === truth.email,
      want: truth.email,
      got: parsed.contact.email,
    },
    {
      field: "phone",
      ok: loose(parsed.contact.phone) === loose(truth.phone),
      want: truth.phone,
      got: parsed.contact.phone,
    },
  ];
  const roles = workRoles(parsed);
  truth.roles.forEach((want, index) => {
    const { role: got, by } = matchRole(roles, want, index);
    const role = { index, by: got ? by : ("none" as const), parsed: got };
    checks.push(
      { field: "title", ok: same(got?.title, want.title), want: want.title, got: got?.title ?? null, role },
      {
        field: "company",
        ok: same(got?.company, want.company),
        want: want.company,
        got: got?.company ?? null,
        role,
      },
      {
        field: "start",
        ok: sameDate(got?.start ?? null, want.start),
        want: want.start,
        got: got?.start ?? null,
        role,
      },
      { field: "end", ok: !!got && sameDate(got.end, want.end), want: want.end, got: got?.end ?? null, role },
    );
  });
  for (const want of truth.degrees) {
    const got = matchDegree(parsed, want);
    checks.push({
      field: "degree",
      ok: !!got,
      want: `${want.degree} @ ${want.institution}`,
      got: got ? `${got.degree} @ ${got.institution}` : null,
    });
  }
  return checks;
}
