import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseCertifications } from "./certifications.ts";
import { CuratedDataError, parseCuratedSkills } from "./curated.ts";
import { CURATED_DIR } from "./curated-file.ts";

const skillsText = readFileSync(path.join(CURATED_DIR, "skills.json"), "utf8");
const certsText = readFileSync(path.join(CURATED_DIR, "certifications.json"), "utf8");

type Json = Record<string, unknown>;
/** The committed skills file with `edit` applied to a copy. */
function skillsWith(
  edit: (file: Json & { lists: Record<string, { groups: { skills: Json[] }[] }> }) => void,
) {
  const file = JSON.parse(skillsText);
  edit(file);
  return JSON.stringify(file);
}
function certsWith(edit: (file: { groups: { roles: Record<string, Json[]> }[] }) => void) {
  const file = JSON.parse(certsText);
  edit(file);
  return JSON.stringify(file);
}
/** The message of the error `run` throws. */
function failure(run: () => unknown): string {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(CuratedDataError);
    return (e as Error).message;
  }
  throw new Error("expected the file to be refused");
}

describe("curated skills file", () => {
  it("reads the committed file", () => {
    const file = parseCuratedSkills("skills.json", skillsText);
    expect(file.lists.technology.groups[0]?.skills[0]?.name).toBe("JavaScript");
  });

  it("names the entry and the field of a misspelt key", () => {
    const text = skillsWith((f) => {
      const js = f.lists.technology?.groups[0]?.skills[0] as Json;
      js.alias = js.aliases;
      delete js.aliases;
    });
    const message = failure(() => parseCuratedSkills("skills.json", text));
    expect(message).toContain('lists.technology.groups[0].skills[0] ("JavaScript")');
    expect(message).toContain("alias");
  });

  it("refuses a category that does not belong in its list, and an empty alias", () => {
    const text = skillsWith((f) => {
      const first = f.lists.soft?.groups[0]?.skills[0] as Json;
      first.category = "tool";
      first.aliases = [""];
    });
    const message = failure(() => parseCuratedSkills("skills.json", text));
    expect(message).toContain("2 bad entries");
    expect(message).toMatch(
      /lists\.soft\.groups\[0\]\.skills\[0\]\.category \("Communication"\): category must be soft/,
    );
    expect(message).toMatch(/\.aliases\[0\] \("Communication"\): must not be empty/);
  });

  it("refuses two entries with one name, which would silently merge", () => {
    const text = skillsWith((f) => {
      f.lists.languages?.groups[0]?.skills.push({ name: "Cantonese", category: "language", aliases: [] });
    });
    expect(failure(() => parseCuratedSkills("skills.json", text))).toMatch(
      /same name cantonese as lists\.languages\.groups\.0\.skills\.\d+/,
    );
  });

  it("says where the JSON is broken", () => {
    expect(failure(() => parseCuratedSkills("skills.json", skillsText.replace("{", "{,")))).toMatch(
      /^skills\.json: not valid JSON/,
    );
  });
});

describe("curated certifications file", () => {
  it("reads the committed file, labelling every study time as an estimate", () => {
    const byRole = parseCertifications("certifications.json", certsText);
    const lists = Object.values(byRole);
    expect(lists.length).toBeGreaterThan(50);
    for (const list of lists) for (const c of list) expect(c.estimatedTime).toMatch(/ \(estimate\)$/);
  });

  it("refuses a relevance outside 1–5 and a time labelled by hand", () => {
    const text = certsWith((f) => {
      const first = Object.values(f.groups[0]?.roles ?? {})[0]?.[0] as Json;
      first.relevance = 7;
      first.time = "2 weeks (estimate)";
    });
    const message = failure(() => parseCertifications("certifications.json", text));
    expect(message).toMatch(/relevance \("AWS Certified Developer – Associate"\): .*5/);
    expect(message).toContain("labelled");
  });

  it("refuses one credential written with two providers", () => {
    const text = certsWith((f) => {
      const lists = Object.values(f.groups[0]?.roles ?? {});
      const cka = lists.flat().find((c) => c.name === "Certified Kubernetes Administrator (CKA)") as Json;
      (lists.at(-1) as Json[]).push({ ...cka, provider: "Someone Else" });
    });
    expect(failure(() => parseCertifications("certifications.json", text))).toMatch(
      /provider or time differs from groups\[0\]\.roles\..+ \(The Linux Foundation/,
    );
  });
});
