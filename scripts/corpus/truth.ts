/** What every generated resume is known to contain, written beside it as `<id>.<format>.json`. */

export const LAYOUTS = [
  "single-column",
  "two-column",
  "left-sidebar",
  "right-sidebar",
  "table-grid",
  "date-left",
  "header-footer-contact",
  "letter-spaced-name",
  "dense-one-page",
  "multi-page",
] as const;
export type Layout = (typeof LAYOUTS)[number];

export const FORMATS = ["pdf", "docx"] as const;
export type Format = (typeof FORMATS)[number];

export const ROLE_SHAPES = [
  "title-then-company",
  "title-comma-company",
  "company-dash-title",
  "date-first",
  "date-heading-bullet",
] as const;
export type RoleShape = (typeof ROLE_SHAPES)[number];

export type TruthRole = {
  title: string;
  company: string;
  /** "YYYY-MM", or "YYYY" when the resume writes years only. */
  start: string;
  /** Same forms as start; null while current. */
  end: string | null;
};

export type TruthDegree = { degree: string; institution: string };

/** How the resume was written, so misses can be grouped by what caused them. */
export type TruthStyle = {
  nameShape: string;
  nameStyle: "plain" | "upper" | "letter-spaced" | "letter-spaced-split";
  phoneFormat: string;
  dateFormat: string;
  endMarker: string;
  roleShape: RoleShape;
  headings: { experience: string; skills: string | null; summary: string | null; education: string };
  summaryInline: boolean;
  /** PDF only: "marker" is Chromium's drawn disc (no glyph in the text layer); the others are text. */
  bulletStyle: "marker" | "text-dot" | "text-dash";
};

export type Truth = {
  id: string;
  layout: Layout;
  format: Format;
  name: string;
  email: string;
  phone: string;
  roles: TruthRole[];
  degrees: TruthDegree[];
  hasSkillsSection: boolean;
  hasSummary: boolean;
  expectedLayout: { columns: boolean; tables: boolean; contactInHeaderOrFooter: boolean };
  style: TruthStyle;
};

const DATE = /^\d{4}(?:-(?:0[1-9]|1[0-2]))?$/;
const nonEmpty = (v: unknown) => typeof v === "string" && v.trim().length > 0;

/** What is wrong with a truth file's content (nothing when it is well-formed). */
export function truthProblems(value: unknown): string[] {
  const t = value as Partial<Truth> | null;
  if (typeof t !== "object" || t === null) return ["not an object"];
  const problems: string[] = [];
  const check = (ok: boolean, problem: string) => {
    if (!ok) problems.push(problem);
  };
  check(nonEmpty(t.id), "id");
  check(LAYOUTS.includes(t.layout as Layout), `layout ${String(t.layout)}`);
  check(FORMATS.includes(t.format as Format), `format ${String(t.format)}`);
  check(nonEmpty(t.name) && (t.name ?? "").trim().split(/\s+/).length >= 2, `name ${String(t.name)}`);
  check(/^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$/.test(t.email ?? ""), `email ${String(t.email)}`);
  check((t.phone ?? "").replace(/\D/g, "").length >= 10, `phone ${String(t.phone)}`);
  check(Array.isArray(t.roles) && t.roles.length > 0, "roles");
  for (const [i, role] of (t.roles ?? []).entries()) {
    check(nonEmpty(role.title) && nonEmpty(role.company), `role ${i}: title and company`);
    check(DATE.test(role.start), `role ${i}: start ${role.start}`);
    check(
      role.end === null || (DATE.test(role.end) && role.end.length === role.start.length),
      `role ${i}: end ${role.end}`,
    );
    check(role.end === null || role.start <= role.end, `role ${i}: ends before it starts`);
  }
  check(Array.isArray(t.degrees) && t.degrees.length > 0, "degrees");
  for (const [i, d] of (t.degrees ?? []).entries())
    check(nonEmpty(d.degree) && nonEmpty(d.institution), `degree ${i}`);
  check(
    typeof t.hasSkillsSection === "boolean" && typeof t.hasSummary === "boolean",
    "hasSkillsSection/hasSummary",
  );
  const expected = t.expectedLayout;
  check(
    !!expected &&
      typeof expected.columns === "boolean" &&
      typeof expected.tables === "boolean" &&
      typeof expected.contactInHeaderOrFooter === "boolean",
    "expectedLayout",
  );
  return problems;
}
