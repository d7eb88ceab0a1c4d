/** End to end: the CLI as a user runs it, in a child process. */
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ZAnalysisResult } from "@resumelens/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
// Each run starts Node, tsx and the engine's data: seconds, not milliseconds.
const SLOW = 60_000;

const RESUME = `Alex Chen
Software Engineer | alex.chen@example.com | (555) 123-4567 | Seattle, WA | github.com/alexchen

SUMMARY
Backend software engineer with five years of experience building web services in TypeScript and Go.

EXPERIENCE
Software Engineer, Cascade Analytics - Seattle, WA
February 2021 - Present
• Built REST APIs in TypeScript and Node.js serving 2 million requests per day
• Moved batch jobs to AWS Lambda, cutting infrastructure costs by 30%
• Wrote integration tests with Jest and set up CI in GitHub Actions

Junior Developer, Pixelworks Studio - Portland, OR
June 2019 - January 2021
• Maintained PostgreSQL schemas and wrote SQL reports for the sales team
• Fixed bugs in a React front end

EDUCATION
B.S. Computer Science, Oregon State University, 2019

SKILLS
TypeScript, JavaScript, Node.js, Go, PostgreSQL, AWS, Docker, React, Git`;

const JOB = `Senior Backend Engineer - Harbor Payments (Remote, US)

You will design and build the APIs behind our payments platform.

Requirements
- 5+ years of professional software engineering experience
- Strong TypeScript and Node.js
- Experience with PostgreSQL and AWS
- Experience with Kubernetes
- Bachelor's degree in Computer Science or equivalent experience

Nice to have
- Experience with Kafka
- Terraform

We offer health insurance, 401(k) matching and unlimited PTO.`;

type Run = { code: number | null; stdout: string; stderr: string };

function cli(args: string[], stdin?: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/cli.ts", ...args], { cwd: ROOT });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin ?? "");
  });
}

let dir: string;
let resumePath: string;
let jobPath: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "resumelens-cli-"));
  resumePath = join(dir, "resume.txt");
  jobPath = join(dir, "job.txt");
  // The resume as a Windows editor might save it: UTF-16 LE with a BOM and CRLF line ends.
  await writeFile(
    resumePath,
    Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(RESUME.replace(/\n/g, "\r\n"), "utf16le")]),
  );
  await writeFile(jobPath, JOB, "utf8");
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("cli analyze", () => {
  it(
    "prints the result as JSON with --json, deterministic for a given --now",
    async () => {
      const args = ["analyze", "--resume", resumePath, "--job", jobPath, "--json", "--now", "2026-06-15"];
      const run = await cli(args);
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^\{\n {2}"engineVersion"/);
      const result = ZAnalysisResult.parse(JSON.parse(run.stdout));
      expect(result.skillsMatch.matched.map((m) => m.skill)).toEqual(
        expect.arrayContaining(["TypeScript", "PostgreSQL"]),
      );
      expect(result.skillsMatch.missing.map((m) => m.skill)).toContain("Kubernetes");
      expect((await cli(args)).stdout).toBe(run.stdout);
    },
    SLOW,
  );

  it(
    "prints a plain report without colours when stdout is not a terminal",
    async () => {
      const run = await cli(["analyze", "--resume", resumePath, "--job", jobPath, "--now", "2026-06-15"]);
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/Overall score: \d+\/100 {2}(Excellent Match|Good Match|Needs Improvement)/);
      expect(run.stdout).toContain("Score breakdown");
      expect(run.stdout).toContain("Recommendations");
      expect(run.stdout).not.toContain("\x1b[");
    },
    SLOW,
  );

  it.each([
    [[], /No command given/],
    [["frobnicate"], /Unknown command 'frobnicate'/],
    [["analyze", "--resume", "r.txt"], /needs --resume FILE and --job FILE/],
    [["analyze", "--resume", "r.txt", "--job", "j.txt", "--colour"], /Unknown option '--colour'/],
    [["analyze", "--resume", "r.txt", "--job", "j.txt", "--now", "15/06/2026"], /--now must be a date/],
    [["batch", "extra"], /Unexpected argument 'extra'/],
  ])(
    "exits 2 with the usage on bad usage: %j",
    async (args, message) => {
      const run = await cli(args);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe("");
      expect(run.stderr).toMatch(message);
      expect(run.stderr).toContain("Usage:");
    },
    SLOW,
  );

  it(
    "exits 2 for a file that is not a document and 1 for a file that cannot be read",
    async () => {
      const binaryPath = join(dir, "resume.pdf");
      await writeFile(binaryPath, Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]));
      const binary = await cli(["analyze", "--resume", binaryPath, "--job", jobPath]);
      expect(binary.code).toBe(2);
      expect(binary.stderr).toContain("Please upload a PDF, DOC, DOCX, or TXT file.");
      const missing = await cli(["analyze", "--resume", join(dir, "missing.txt"), "--job", jobPath]);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain("missing.txt: cannot read the file (no such file)");
    },
    SLOW,
  );
});

describe("cli extract and parse", () => {
  const doc = fileURLToPath(new URL("../../apps/api/test/fixtures/resume.doc", import.meta.url));

  it(
    "extract prints the stored text of a .doc",
    async () => {
      const run = await cli(["extract", doc]);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain("jordan.doe@example.com");
      expect(run.stdout).toContain("• Led migration of billing services");
    },
    SLOW,
  );

  it(
    "parse prints the structured resume as JSON",
    async () => {
      const run = await cli(["parse", resumePath]);
      expect(run.code).toBe(0);
      const parsed = JSON.parse(run.stdout);
      expect(parsed.contact.email).toBe("alex.chen@example.com");
      expect(parsed.experience[0]).toMatchObject({ company: expect.stringContaining("Cascade") });
      expect(parsed.education).toHaveLength(1);
      expect(parsed.skills).toContain("TypeScript");
      expect(Object.keys(parsed)).toEqual(["contact", "experience", "education", "skills", "sections"]);
    },
    SLOW,
  );
});

describe("cli batch", () => {
  it(
    "answers JSON Lines on stdin with JSON Lines on stdout, one per line, in order",
    async () => {
      const stdin = [
        JSON.stringify({ id: "first", resumeText: RESUME, jobDescription: JOB }),
        "",
        "not json",
        JSON.stringify({ id: "second", resumeText: RESUME }),
        JSON.stringify({ id: "third", resumeText: RESUME, jobDescription: JOB }),
      ].join("\n");
      const run = await cli(["batch", "--now", "2026-06-15"], stdin);
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      const lines = run.stdout
        .trimEnd()
        .split("\n")
        .map((l) => JSON.parse(l));
      expect(lines.map((l) => l.id)).toEqual(["first", null, "second", "third"]);
      expect(lines[1].error).toMatch(/Invalid JSON/);
      expect(lines[2].error).toBe('"jobDescription" is missing');
      const first = ZAnalysisResult.parse(lines[0].result);
      expect(lines[3].result).toEqual(first);
    },
    SLOW,
  );
});
