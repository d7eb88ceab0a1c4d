// Hand-curated parts of the skills taxonomy, read from scripts/data/curated/skills.json (the
// file says what each list is for). The open sources (O*NET, ESCO, github/explore, devicon,
// linguist) miss these aliases, the hard skills of non-tech occupations, and certifications.
//
// A curated entry merges with any source entry that shares one of its surface forms
// (compared case-insensitively, ignoring spaces, dots, hyphens and underscores), and its name,
// category, id and parent win over the sources'.
//
// The file is data, edited by hand: it is checked here against a schema, and a bad entry stops
// the build with its place in the file and what is wrong with it.

import { z } from "zod";
import type { SkillCategory as Category } from "../../packages/engine/src/data/types.ts";
import { CuratedDataError, parseCurated, readCurated } from "./curated-file.ts";

export type { SkillCategory as Category } from "../../packages/engine/src/data/types.ts";

export type CuratedSkill = {
  /** Stable id; derived from the name when absent. */
  id?: string;
  name: string;
  category: Category;
  aliases?: string[];
  /** Id of a broader skill, for partial credit. */
  parent?: string;
  /**
   * Surface forms that are ordinary words or otherwise mean something else in a resume even
   * though the common-word rule does not catch them ("CV" = résumé, "Agile" = nimble).
   */
  ambiguous?: string[];
  /** ESCO transversal labels this skill replaces (their alternative labels become aliases). */
  esco?: string[];
  /**
   * Whether the skill is a named product, language or credential (its one-word names are then
   * checked against the common-word rule). Defaults to true for tools, certifications and
   * languages, false for hard and soft skills; sources can make a hard skill an entity.
   */
  entity?: boolean;
  /** Extra forms used only to merge with source entries (common words are not merged on). */
  merge?: string[];
};

/** A surface form as written in a resume: not empty, no spaces around it. */
const form = z
  .string()
  .min(1, "must not be empty")
  .refine((s) => s === s.trim(), "has spaces around it");
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be lower-case words joined by hyphens");
const CATEGORIES = [
  "hard",
  "tool",
  "soft",
  "language",
  "certification",
] as const satisfies readonly Category[];

/** One entry of the file: the fields of CuratedSkill, nothing else (a misspelt key is an error). */
const ZCuratedSkill = z.strictObject({
  id: slug.optional(),
  name: form,
  category: z.enum(CATEGORIES),
  aliases: z.array(form).optional(),
  parent: slug.optional(),
  ambiguous: z.array(form).optional(),
  esco: z.array(form).optional(),
  entity: z.boolean().optional(),
  merge: z.array(form).optional(),
  /** Why the entry is as it is; for the reader, not the build. */
  note: z.string().optional(),
});

/** A list of the file, in groups that say what they hold, with the categories it may hold. */
const list = (categories: readonly Category[]) =>
  z.strictObject({
    about: z.string(),
    groups: z.array(
      z.strictObject({
        about: z.string().optional(),
        skills: z.array(
          ZCuratedSkill.refine((s) => categories.includes(s.category), {
            message: `category must be ${categories.join(" or ")} in this list`,
            path: ["category"],
          }),
        ),
      }),
    ),
  });

const ZCuratedSkillsFile = z
  .strictObject({
    about: z.string(),
    lists: z.strictObject({
      technology: list(["hard", "tool"]),
      occupational: list(["hard", "tool"]),
      certifications: list(["certification"]),
      soft: list(["soft"]),
      languages: list(["language"]),
    }),
  })
  .superRefine((file, ctx) => {
    // Two entries with one name or one id would silently merge into one skill.
    const seen = new Map<string, string>();
    for (const [listName, { groups }] of Object.entries(file.lists))
      for (const [g, group] of groups.entries())
        for (const [s, skill] of group.skills.entries()) {
          const at = ["lists", listName, "groups", g, "skills", s];
          for (const key of [`name ${skill.name.toLowerCase()}`, ...(skill.id ? [`id ${skill.id}`] : [])]) {
            const first = seen.get(key);
            if (first) ctx.addIssue({ code: "custom", path: at, message: `same ${key} as ${first}` });
            else seen.set(key, at.join("."));
          }
        }
  });

export type CuratedSkillsFile = z.output<typeof ZCuratedSkillsFile>;

/** The file's entries as the build reads them, in file order (`note` is for the reader only). */
function entries(file: CuratedSkillsFile, listName: keyof CuratedSkillsFile["lists"]): CuratedSkill[] {
  return file.lists[listName].groups.flatMap((group) =>
    group.skills.map(({ note: _note, ...skill }) => skill),
  );
}

/** Checks the text of a curated skills file; throws a CuratedDataError naming every bad entry. */
export function parseCuratedSkills(file: string, text: string): CuratedSkillsFile {
  return parseCurated(file, text, ZCuratedSkillsFile);
}

export { CuratedDataError };

const CURATED = readCurated("skills.json", ZCuratedSkillsFile);

// (a) Technology: aliases people write that the sources miss, canonical names, parents.
export const CURATED_TECH: CuratedSkill[] = entries(CURATED, "technology");
// (b) Hard skills of non-tech occupations that no source covers as skills.
export const CURATED_OCCUPATIONAL: CuratedSkill[] = entries(CURATED, "occupational");
// (c) Certifications and licences.
export const CURATED_CERTIFICATIONS: CuratedSkill[] = entries(CURATED, "certifications");
// Soft skills; `esco` lists the ESCO transversal labels whose alternative labels become aliases.
export const CURATED_SOFT: CuratedSkill[] = entries(CURATED, "soft");
// Human languages the ESCO collection lacks, and extra names for ESCO's.
export const CURATED_LANGUAGES: CuratedSkill[] = entries(CURATED, "languages");

// ---------------------------------------------------------------------------------------------
// Source clean-up rules.

/**
 * O*NET vendor prefixes. Stripping one gives an alias ("Microsoft Excel" → "Excel");
 * `keepInName` says whether people keep the vendor when naming the product.
 */
export const VENDORS: { prefix: string; keepInName: boolean }[] = [
  { prefix: "Microsoft", keepInName: true },
  { prefix: "Adobe Systems", keepInName: true },
  { prefix: "Adobe", keepInName: true },
  { prefix: "Google", keepInName: true },
  { prefix: "Amazon Web Services", keepInName: true },
  { prefix: "Amazon", keepInName: true },
  { prefix: "Apple", keepInName: true },
  { prefix: "IBM", keepInName: true },
  { prefix: "SAP", keepInName: true },
  { prefix: "Oracle", keepInName: true },
  { prefix: "Salesforce", keepInName: true },
  { prefix: "Cisco Systems", keepInName: true },
  { prefix: "Cisco", keepInName: true },
  { prefix: "VMware", keepInName: true },
  { prefix: "Atlassian", keepInName: false },
  { prefix: "Intuit", keepInName: false },
  { prefix: "The MathWorks", keepInName: false },
  { prefix: "MathWorks", keepInName: false },
  { prefix: "Autodesk", keepInName: false },
  { prefix: "Apache", keepInName: true },
  { prefix: "ESRI", keepInName: false },
  { prefix: "Corel", keepInName: true },
  { prefix: "Dassault Systemes", keepInName: false },
  { prefix: "PTC", keepInName: false },
  { prefix: "National Instruments", keepInName: false },
  { prefix: "Avid Technology", keepInName: false },
  { prefix: "Bentley Systems", keepInName: false },
  { prefix: "Bentley", keepInName: false },
  { prefix: "Trimble", keepInName: false },
  { prefix: "Siemens", keepInName: true },
  { prefix: "Hewlett-Packard HP", keepInName: true },
  { prefix: "Hewlett Packard", keepInName: true },
  { prefix: "Hewlett-Packard", keepInName: true },
  { prefix: "Thomson Reuters", keepInName: false },
  { prefix: "Wolters Kluwer", keepInName: false },
  { prefix: "Infor", keepInName: false },
  { prefix: "Blackbaud", keepInName: false },
  { prefix: "Symantec", keepInName: false },
  { prefix: "Mentor Graphics", keepInName: false },
  { prefix: "Cadence", keepInName: false },
  { prefix: "Synopsys", keepInName: false },
  { prefix: "Epic Systems", keepInName: false },
  { prefix: "Zoho", keepInName: true },
  { prefix: "Red Hat", keepInName: true },
];

/** O*NET "<Word> software" entries where the word is a product name, not a kind of software. */
export const ONET_SOFTWARE_BRANDS = new Set([
  "blackboard",
  "workday",
  "oracle",
  "compass",
  "pulsar",
  "enigma",
  "latitude",
  "encompass",
  "penta",
  "compris",
]);

/** Vendor-stripped names that are common words but are how people name the product. */
export const KEEP_COMMON_STRIPPED = new Set([
  "Word",
  "Access",
  "Outlook",
  "Teams",
  "Illustrator",
  "Premiere",
  "Acrobat",
  "Excel",
  "Spark",
  "Hive",
  "Pig",
  "Visio",
]);

/**
 * Everyday English words the O*NET task statements happen not to use (or use too rarely) but
 * that collide with product, framework or language names. Part of the common-word rule.
 */
// biome-ignore format: a compact word list reads better than one word per line
export const CURATED_COMMON_WORDS = [
  // Products and frameworks named after everyday words.
  "react", "swift", "slack", "chef", "hive", "outlook", "excel", "ember", "puppet", "spark", "express",
  "flask", "jest", "mocha", "chai", "pig", "storm", "ant", "maven", "salt", "vault", "consul",
  "nomad", "helm", "envoy", "airflow", "celery", "rabbit", "couch", "meteor", "backbone",
  "knockout", "polymer", "solid", "next", "remix", "rollup", "parcel", "babel", "gulp", "grunt",
  "yarn", "pip", "poetry", "brew", "electron", "ionic", "flutter", "unity", "unreal", "blender",
  "nuke", "premiere", "audition", "animate", "bridge", "fireworks", "acrobat", "illustrator",
  "sketch", "framer", "marvel", "notion", "confluence", "bamboo", "circle", "drone", "flux",
  "harbor", "quay", "vagrant", "packer", "sentry", "zoom", "discord", "telegram", "signal",
  "word", "access", "publisher", "project", "box", "drive", "sheets", "docs", "slides", "forms",
  "keep", "calendar", "meet", "chat", "sites", "buffer", "sprout", "intercom", "drift", "gong",
  "outreach", "maple", "sage", "oracle", "workday", "gusto", "greenhouse", "lever", "epic",
  "spring", "play", "struts", "phoenix", "rocket", "iron", "gin", "echo", "fiber", "martini",
  "buffalo", "falcon", "bottle", "pyramid", "tornado", "twisted", "hug", "dash", "prophet",
  "torch", "lightning", "ray", "arrow", "beam", "heron", "apex", "impala", "drill", "hue",
  "ranger", "atlas", "realm", "parse", "amplify", "lambda", "glue", "aurora", "neptune",
  "beanstalk", "cloud", "functions", "compute", "storage", "composer", "studio", "canvas",
  "blackboard", "seesaw", "remind", "class", "dojo", "focus", "clever", "square", "toast",
  "clover", "ghost", "sphinx", "compass", "teamwork", "monday", "basecamp", "pulse", "opera",
  "sabre", "culture", "amp", "hype", "segment", "heap", "front", "groove", "constant", "contact",
  "drip", "bandwidth", "medium", "postman", "insomnia", "burp", "beats", "tempo", "honeycomb",
  "liquid", "twig", "blade", "razor", "mustache", "handlebars", "less", "stylus", "pug", "jade",
  "mint", "moon", "opal", "pan", "ink", "karma", "jasmine", "hope", "curl", "logo", "basic",
  "shell", "assembly", "processing", "racket", "clean", "scheme", "factor", "joy", "lean",
  "mercury", "pike", "pure", "ring", "self", "wren", "hack", "reason", "squirrel", "red",
  "chapel", "pony", "groovy", "solidity", "rust", "dart", "elm", "go", "app", "ads", "bot",
  "bun", "aim", "etc", "dig", "jet", "zip",
  // First names that are also language or product names.
  "julia", "ruby", "crystal", "pascal", "ada",
];
