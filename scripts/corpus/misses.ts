/**
 * Names the class of a missed field ("title holds the company", "current role read as ended"), and
 * which style of the resume to break the class down by, so a parser fix can aim at a class.
 */
import type { FieldCheck } from "./score.ts";
import { loose, same } from "./score.ts";
import type { Truth, TruthStyle } from "./truth.ts";

export type MissClass = { name: string; by: (keyof TruthStyle)[] };

const digits = (s: string | null) => (s ?? "").replace(/\D/g, "");
/** Role misses break down by how the role was written and whether its bullets reach the text. */
const ROLE: (keyof TruthStyle)[] = ["roleShape", "bulletStyle"];
const DATE_LIKE = /\b(?:19|20)\d{2}\b|\b(?:present|current|now)\b/i;

/** The class of a failed check. */
export function classifyMiss(check: FieldCheck, truth: Truth): MissClass {
  const { field, got, want } = check;
  switch (field) {
    case "name": {
      if (!got) return { name: "name: none found", by: ["nameStyle"] };
      if (/\b(?:\p{L} ){2,}\p{L}\b/u.test(got))
        return { name: "name: letters left spaced apart", by: ["nameStyle"] };
      const parts = loose(want).split(" ");
      const gotWords = loose(got).split(" ");
      if (gotWords.every((w) => parts.includes(w)))
        return { name: "name: only part of the name (one line or word)", by: ["nameStyle"] };
      if (parts.every((w) => loose(got).replace(/ /g, "").includes(w)))
        return { name: "name: right letters, wrong spacing", by: ["nameStyle"] };
      if (/@|\d{3}/.test(got)) return { name: "name: contact details taken as the name", by: ["nameStyle"] };
      return { name: "name: another line taken as the name", by: ["nameShape"] };
    }
    case "email":
      return { name: got ? "email: a different address" : "email: none found", by: [] };
    case "phone": {
      if (!got) return { name: "phone: none found", by: ["phoneFormat"] };
      if (digits(want).includes(digits(got))) return { name: "phone: cut short", by: ["phoneFormat"] };
      if (digits(got).includes(digits(want)))
        return { name: "phone: extra digits taken in", by: ["phoneFormat"] };
      return { name: "phone: another number", by: ["phoneFormat"] };
    }
    case "degree": {
      if (!got) return { name: "degree: no entry with this degree and school", by: [] };
      return { name: "degree: other", by: [] };
    }
    default:
      return classifyRoleMiss(check, truth);
  }
}

function classifyRoleMiss(check: FieldCheck, truth: Truth): MissClass {
  const { field, got, want } = check;
  const role = check.role;
  if (!role || role.by === "none") return { name: "role: not parsed (fewer roles than written)", by: ROLE };
  const truthRole = truth.roles[role.index];
  if (field === "title" || field === "company") {
    const other = field === "title" ? truthRole?.company : truthRole?.title;
    const via = role.by === "position" ? " (role matched by position)" : "";
    if (!got) return { name: `${field}: empty${via}`, by: ROLE };
    if (other && same(got, other) && !same(got, want ?? ""))
      return {
        name: `${field}: holds the ${field === "title" ? "company" : "title"}${via}`,
        by: ROLE,
      };
    if (DATE_LIKE.test(got)) return { name: `${field}: dates left in it${via}`, by: ROLE };
    if (want && loose(want).includes(loose(got))) return { name: `${field}: cut short${via}`, by: ROLE };
    if (role.by === "position")
      return { name: `${field}: another role's (role matched by position)`, by: ROLE };
    return { name: `${field}: other text`, by: ROLE };
  }
  // start / end
  if (field === "end" && want === null)
    return got
      ? { name: "end: current role read as ended", by: ["endMarker"] }
      : { name: "end: other", by: ["endMarker"] };
  if (field === "end" && got === null) {
    const current = role.parsed?.current;
    return { name: current ? "end: ended role read as current" : "end: none read", by: ["dateFormat"] };
  }
  if (!got) return { name: `${field}: none read`, by: ["dateFormat"] };
  if (want && got.slice(0, 4) !== want.slice(0, 4))
    return {
      name: `${field}: wrong year${role.by === "position" ? " (role matched by position)" : ""}`,
      by: ["dateFormat"],
    };
  return { name: `${field}: right year, wrong month`, by: ["dateFormat"] };
}
