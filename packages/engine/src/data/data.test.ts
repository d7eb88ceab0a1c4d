import { describe, expect, it } from "vitest";
import {
  findOccupation,
  getSkill,
  loadLexicon,
  loadOccupations,
  loadRoleAliases,
  loadSkills,
  lookupSurfaceForm,
} from "./index.ts";
import type { Skill } from "./types.ts";

const forms = (s: Skill) => [s.name, ...s.aliases];

describe("skills taxonomy", () => {
  const skills = loadSkills();

  it("loads, with every category", () => {
    expect(skills.length).toBeGreaterThan(1000);
    const categories = new Set(skills.map((s) => s.category));
    expect([...categories].sort()).toEqual(["certification", "hard", "language", "soft", "tool"]);
  });

  it("has unique ids, known parents and clean surface forms", () => {
    const ids = new Set(skills.map((s) => s.id));
    expect(ids.size).toBe(skills.length);
    for (const s of skills) {
      expect(s.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      if (s.parent) expect(ids.has(s.parent), `${s.id} → ${s.parent}`).toBe(true);
      for (const f of forms(s)) {
        expect(f, s.id).toBe(f.trim());
        expect(f.length, `${s.id}: ${f}`).toBeLessThanOrEqual(60);
        expect(f.length, s.id).toBeGreaterThan(0);
      }
      for (const f of s.ambiguousForms ?? []) expect(forms(s), s.id).toContain(f);
      if (s.ambiguousForms) expect(s.ambiguous).toBe(true);
      if (s.weight !== undefined) expect(s.weight).toBeGreaterThanOrEqual(0);
      if (s.weight !== undefined) expect(s.weight).toBeLessThanOrEqual(1);
    }
  });

  it("gives no surface form to two skills", () => {
    const owner = new Map<string, string>();
    const collisions: string[] = [];
    for (const s of skills) {
      for (const f of new Set(forms(s).map((x) => x.toLowerCase()))) {
        const other = owner.get(f);
        if (other && other !== s.id) collisions.push(`"${f}": ${other} / ${s.id}`);
        owner.set(f, s.id);
      }
    }
    expect(collisions).toEqual([]);
  });

  it("resolves common aliases by plain lookup", () => {
    expect(lookupSurfaceForm("k8s")?.name).toBe("Kubernetes");
    expect(lookupSurfaceForm("JS")?.name).toBe("JavaScript");
    expect(lookupSurfaceForm("Postgres")?.name).toBe("PostgreSQL");
    expect(lookupSurfaceForm("MS Excel")?.name).toBe("Microsoft Excel");
    expect(lookupSurfaceForm("ReactJS")?.id).toBe("react");
    expect(lookupSurfaceForm("NodeJS")?.id).toBe("nodejs");
    expect(lookupSurfaceForm("GCP")?.id).toBe("google-cloud-platform");
    expect(lookupSurfaceForm("Atlassian JIRA")?.name).toBe("Jira");
    expect(lookupSurfaceForm("Intuit QuickBooks")?.name).toBe("QuickBooks");
    expect(lookupSurfaceForm("Structured query language")?.id).toBe("sql");
    expect(lookupSurfaceForm("Amazon Web Services")?.id).toBe(lookupSurfaceForm("AWS")?.id);
  });

  it("keeps one- and two-letter languages case-sensitive", () => {
    for (const name of ["Go", "R", "C"]) {
      const s = lookupSurfaceForm(name);
      expect(s?.name).toBe(name);
      expect(s?.caseSensitive).toBe(true);
      expect(s?.category).toBe("hard");
    }
    expect(lookupSurfaceForm("go")).toBeUndefined();
    expect(lookupSurfaceForm("golang")?.name).toBe("Go");
    expect(lookupSurfaceForm("Go")?.ambiguousForms).toContain("Go");
  });

  it("flags product names that are everyday words", () => {
    expect(lookupSurfaceForm("Excel")?.id).toBe("microsoft-excel");
    expect(lookupSurfaceForm("excel")).toBeUndefined();
    expect(getSkill("microsoft-excel")?.ambiguousForms).toEqual(["Excel"]);
    expect(getSkill("microsoft-access")?.ambiguousForms).toEqual(["Access"]);
    expect(getSkill("swift")?.ambiguous).toBe(true);
    expect(getSkill("computer-vision")?.ambiguousForms).toEqual(["CV"]);
    expect(getSkill("python")?.ambiguous).toBeUndefined();
    expect(getSkill("attention-to-detail")?.ambiguous).toBeUndefined();
  });

  it("tells Java from JavaScript", () => {
    const java = lookupSurfaceForm("Java");
    const js = lookupSurfaceForm("JavaScript");
    expect(java?.id).toBe("java");
    expect(js?.id).toBe("javascript");
  });

  it("has tech written with punctuation, in its exact form", () => {
    for (const form of ["C#", "C++", ".NET", "Node.js", "CI/CD", "ASP.NET", "A/B testing"]) {
      const s = lookupSurfaceForm(form);
      expect(s, form).toBeDefined();
      expect(forms(s as Skill), form).toContain(form);
    }
    expect(lookupSurfaceForm("C#")?.id).not.toBe(lookupSurfaceForm("C++")?.id);
  });

  it("has soft skills, human languages and certifications", () => {
    for (const form of [
      "attention to detail",
      "customer service",
      "teamwork",
      "communication",
      "time management",
    ]) {
      expect(lookupSurfaceForm(form)?.category, form).toBe("soft");
    }
    expect(lookupSurfaceForm("detail-oriented")?.id).toBe("attention-to-detail");
    for (const form of ["English", "Spanish", "Mandarin"])
      expect(lookupSurfaceForm(form)?.category, form).toBe("language");
    for (const form of ["PMP", "CPA", "CCNA", "CompTIA Security+", "ServSafe", "OSHA 30"]) {
      expect(lookupSurfaceForm(form)?.category, form).toBe("certification");
    }
    expect(skills.filter((s) => s.category === "certification").length).toBeGreaterThanOrEqual(80);
  });

  it("covers non-tech occupations and gives partial-credit parents", () => {
    for (const form of [
      "patient care",
      "GAAP",
      "lesson planning",
      "conduit bending",
      "HACCP",
      "forklift operation",
      "wireframing",
    ]) {
      expect(lookupSurfaceForm(form)?.category, form).toBe("hard");
    }
    expect(getSkill("react")?.parent).toBe("javascript");
    expect(getSkill("postgresql")?.parent).toBe("sql");
    expect(getSkill("microsoft-excel")?.parent).toBe("spreadsheets");
  });
});

describe("occupations", () => {
  const occupations = loadOccupations();

  it("loads the O*NET occupations with unique codes and slugs", () => {
    expect(occupations.length).toBeGreaterThanOrEqual(900);
    expect(new Set(occupations.map((o) => o.code)).size).toBe(occupations.length);
    expect(new Set(occupations.map((o) => o.slug)).size).toBe(occupations.length);
  });

  it("points only at skills and occupations that exist", () => {
    const ids = new Set(loadSkills().map((s) => s.id));
    const codes = new Set(occupations.map((o) => o.code));
    for (const o of occupations) {
      for (const id of o.hotTech) expect(ids.has(id), `${o.code} hot tech ${id}`).toBe(true);
      for (const code of o.related) expect(codes.has(code), `${o.code} related ${code}`).toBe(true);
      expect(o.altTitles.length).toBeLessThanOrEqual(60);
      expect(o.related.length).toBeLessThanOrEqual(10);
      for (let i = 1; i < o.skills.length; i++) {
        expect(o.skills[i - 1]?.importance ?? 0).toBeGreaterThanOrEqual(o.skills[i]?.importance ?? 0);
      }
      if (o.wages) expect(o.wages.p10).toBeLessThanOrEqual(o.wages.p90);
    }
  });

  it("resolves software-engineer to Software Developers, with wages and job zone", () => {
    const o = findOccupation("software-engineer");
    expect(o?.code).toBe("15-1252.00");
    expect(o?.jobZone).toBe(4);
    expect(o?.wages?.median).toBeGreaterThan(0);
    expect(o?.hotTech).toContain("python");
    expect(findOccupation("15-1252.00")).toBe(o);
    expect(findOccupation("15-1252")).toBe(o);
    expect(findOccupation("software-developers")).toBe(o);
    expect(findOccupation("Software Engineer")).toBe(o);
  });

  it("has at least 40 role aliases, all resolving", () => {
    const aliases = loadRoleAliases();
    expect(Object.keys(aliases).length).toBeGreaterThanOrEqual(40);
    for (const [alias, code] of Object.entries(aliases))
      expect(findOccupation(alias)?.code, alias).toBe(code);
    expect(findOccupation("nurse")?.code).toBe("29-1141.00");
    expect(findOccupation("no-such-role")).toBeUndefined();
  });
});

describe("lexicon", () => {
  const lexicon = loadLexicon();

  it("has base and past tense action verbs", () => {
    for (const v of [
      "lead",
      "led",
      "build",
      "built",
      "reduce",
      "reduced",
      "mentor",
      "mentored",
      "negotiate",
      "negotiated",
    ]) {
      expect(lexicon.actionVerbs, v).toContain(v);
    }
  });

  it("keeps buzzwords apart from verbs and soft skills", () => {
    const verbs = new Set(lexicon.actionVerbs);
    const soft = new Set(
      loadSkills()
        .filter((s) => s.category === "soft")
        .flatMap((s) => forms(s).map((f) => f.toLowerCase())),
    );
    for (const b of lexicon.buzzwords) {
      expect(verbs.has(b), b).toBe(false);
      expect(soft.has(b), b).toBe(false);
    }
    expect(lexicon.buzzwords).toContain("synergy");
    expect(lexicon.buzzwords).not.toContain("detail-oriented");
    expect(lexicon.weakPhrases).toContain("responsible for");
    expect(lexicon.pronouns).toEqual(["i", "me", "my", "mine", "we", "our", "us"]);
    expect(lexicon.stopwords.length).toBeGreaterThan(150);
    for (const list of Object.values(lexicon)) for (const w of list) expect(w).toBe(w.toLowerCase());
  });
});
