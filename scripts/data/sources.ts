// Readers for the raw files in ../shared/data. Every reader returns plain values in file order;
// ordering for output is decided by the builders, never here.
import { readFileSync } from "node:fs";
import path from "node:path";

export type OnetTech = {
  name: string;
  commodity: string;
  hot: boolean;
  inDemand: boolean;
  occupations: number;
};

export type GithubTopic = { topic: string; name: string; aliases: string[]; related: string[] };

export type Devicon = { name: string; altnames: string[]; tags: string[] };

export type EscoSkill = {
  uri: string;
  label: string;
  alt: string[];
  type: string;
  reuse: string;
  group: string;
};

export type BlsWage = {
  title: string;
  group: string;
  emp: number | null;
  p10: number | null;
  p25: number | null;
  p50: number | null;
  p75: number | null;
  p90: number | null;
  mean: number | null;
};

/** Everything the builders read, loaded once. */
export type Sources = {
  onetTech: OnetTech[];
  onetHotTech: Record<string, string[]>;
  onetSkills: Record<string, Record<string, number>>;
  onetAltTitles: Record<string, string[]>;
  onetDwaVerbs: string[];
  occupationData: Record<string, string>[];
  jobZones: Record<string, string>[];
  relatedOccupations: Record<string, string>[];
  reportedTitles: Record<string, string>[];
  taskStatements: Record<string, string>[];
  bls: Record<string, BlsWage>;
  githubTopics: GithubTopic[];
  devicon: Devicon[];
  escoDigital: EscoSkill[];
  escoTransversal: EscoSkill[];
  escoLanguages: Record<string, string>[];
};

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, "utf8")) as T;
}

/** O*NET text files: tab-separated, first line is the header, no quoting. */
export function parseTsv(text: string): Record<string, string>[] {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  const header = (lines[0] ?? "").split("\t");
  const rows: Record<string, string>[] = [];
  for (const line of lines.slice(1)) {
    if (line.trim() === "") continue;
    const cells = line.split("\t");
    const row: Record<string, string> = {};
    header.forEach((h, i) => {
      row[h] = (cells[i] ?? "").trim();
    });
    rows.push(row);
  }
  return rows;
}

/** RFC 4180 CSV (quoted fields may hold commas, quotes and newlines), as ESCO publishes it. */
export function parseCsv(text: string): Record<string, string>[] {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      record.push(field);
      field = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && text[i + 1] === "\n") i++;
      record.push(field);
      records.push(record);
      record = [];
      field = "";
    } else field += ch;
  }
  if (field !== "" || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  const [header, ...body] = records;
  if (!header) return [];
  return body
    .filter((r) => r.some((c) => c.trim() !== ""))
    .map((r) => Object.fromEntries(header.map((h, i) => [h, (r[i] ?? "").trim()])));
}

function readTsv(file: string): Record<string, string>[] {
  return parseTsv(readFileSync(file, "utf8"));
}

/** Loads every input file from the shared data directory. */
export function loadSources(dir: string): Sources {
  const onet = (f: string) => path.join(dir, "onet", f);
  const esco = readJson<{ digital: EscoSkill[]; transversal: EscoSkill[] }>(
    path.join(dir, "esco", "esco_digital_transversal.json"),
  );
  return {
    onetTech: readJson(onet("onet_tech.json")),
    onetHotTech: readJson(onet("onet_occ_hot_tech.json")),
    onetSkills: readJson(onet("onet_skills_importance.json")),
    onetAltTitles: readJson(onet("onet_alt_titles.json")),
    onetDwaVerbs: readJson(onet("onet_dwa_verbs.json")),
    occupationData: readTsv(onet("Occupation Data.txt")),
    jobZones: readTsv(onet("Job Zones.txt")),
    relatedOccupations: readTsv(onet("Related Occupations.txt")),
    reportedTitles: readTsv(onet("Sample of Reported Titles.txt")),
    taskStatements: readTsv(onet("Task Statements.txt")),
    bls: readJson(path.join(dir, "bls", "bls_oews_may2025_national.json")),
    githubTopics: readJson(path.join(dir, "github-explore", "github_explore_topics.json")),
    devicon: readJson<Devicon[]>(path.join(dir, "devicon", "devicon.json")).map((d) => ({
      name: d.name,
      altnames: d.altnames ?? [],
      tags: d.tags ?? [],
    })),
    escoDigital: esco.digital,
    escoTransversal: parseCsv(
      readFileSync(path.join(dir, "esco", "transversalSkillsCollection_en.csv"), "utf8"),
    ).map((r) => ({
      uri: r.conceptUri ?? "",
      label: r.preferredLabel ?? "",
      alt: (r.altLabels ?? "")
        .split(/\s*\|\s*|\n/)
        .map((s) => s.trim())
        .filter(Boolean),
      type: r.skillType ?? "",
      reuse: r.reuseLevel ?? "",
      group: r.broaderConceptPT ?? "",
    })),
    escoLanguages: parseCsv(readFileSync(path.join(dir, "esco", "languageSkillsCollection_en.csv"), "utf8")),
  };
}
