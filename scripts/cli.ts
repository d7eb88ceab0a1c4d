/**
 * ResumeLens CLI: `npm run cli -- <command>`. Argument parsing and dispatch only; the work is in
 * scripts/cli/. This is the one place that reads the clock: the engine gets `now` passed in.
 */
import { parseArgs } from "node:util";
import { runBatch } from "./cli/batch.ts";
import { DocumentReadError, readDocument, readDocumentText, structuredResume } from "./cli/read-document.ts";
import { formatReport } from "./cli/report.ts";

const USAGE = `Usage:
  npm run cli -- analyze --resume FILE --job FILE [--json] [--now YYYY-MM-DD]
      Analyse a resume against a job description (PDF, DOCX, DOC or text files) and print a
      report, or the full result as JSON with --json.
  npm run cli -- extract FILE
      Print the text the upload pipeline stores for FILE (PDF, DOCX, DOC or text).
  npm run cli -- parse FILE
      Print the structured resume (contact, experience, education, skills, sections) as JSON.
  npm run cli -- batch [--now YYYY-MM-DD] < input.jsonl > output.jsonl
      JSON Lines in ({"id","resumeText","jobDescription"} per line), JSON Lines out
      ({"id","result"} or {"id","error"}), one line per input line, same order.

Options:
  --now YYYY-MM-DD   the date to treat as today ("Present" in roles ends here); default: today
  -h, --help         show this help
`;

class UsageError extends Error {}

/** Runs the CLI and resolves with the process exit code. */
export async function main(argv: string[]): Promise<number> {
  try {
    const [command, ...rest] = argv;
    if (command === undefined || command === "-h" || command === "--help" || command === "help") {
      if (command === undefined) throw new UsageError("No command given.");
      process.stdout.write(USAGE);
      return 0;
    }
    if (command === "analyze") return await analyze(rest);
    if (command === "batch") return await batch(rest);
    if (command === "extract") return await extract(rest);
    if (command === "parse") return await parseCommand(rest);
    throw new UsageError(`Unknown command '${command}'.`);
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof DocumentReadError) {
      process.stderr.write(`${error.message}\n`);
      return error.code === "unsupported" ? 2 : 1;
    }
    process.stderr.write(`Error: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

async function analyze(args: string[]): Promise<number> {
  const values = parse(args, {
    resume: { type: "string" },
    job: { type: "string" },
    json: { type: "boolean" },
    now: { type: "string" },
  });
  if (typeof values.resume !== "string" || typeof values.job !== "string") {
    throw new UsageError("analyze needs --resume FILE and --job FILE.");
  }
  const now = parseNow(values.now);
  const [resume, jobDescription] = await Promise.all([
    readDocument(values.resume),
    readDocumentText(values.job, { minChars: 1 }),
  ]);
  const { analyzeResume } = await import("@resumelens/engine");
  const result = analyzeResume(
    { resumeText: resume.text, jobDescription, layout: { ...resume.layout, pages: resume.pages } },
    { now },
  );
  if (values.json) {
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } else {
    const color = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
    process.stdout.write(
      formatReport(result, { color, width: Math.min(process.stdout.columns ?? 100, 120) }),
    );
  }
  return 0;
}

async function batch(args: string[]): Promise<number> {
  const values = parse(args, { now: { type: "string" } });
  const now = parseNow(values.now);
  const { analyzeResume } = await import("@resumelens/engine");
  // A closed pipe (`… | head`) ends the batch quietly instead of crashing on EPIPE.
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(0);
    throw error;
  });
  await runBatch({
    input: process.stdin,
    analyze: (input) => analyzeResume(input, { now }),
    write: (line) =>
      new Promise<void>((resolve) => {
        if (process.stdout.write(`${line}\n`)) resolve();
        else process.stdout.once("drain", resolve);
      }),
  });
  return 0;
}

async function extract(args: string[]): Promise<number> {
  const file = singleFile("extract", args);
  const document = await readDocument(file);
  process.stdout.write(`${document.text}\n`);
  return 0;
}

async function parseCommand(args: string[]): Promise<number> {
  const file = singleFile("parse", args);
  const document = await readDocument(file);
  const { parseResume } = await import("@resumelens/engine");
  process.stdout.write(`${JSON.stringify(structuredResume(parseResume(document.text)), null, 2)}\n`);
  return 0;
}

/** The one FILE argument of extract and parse. */
function singleFile(command: string, args: string[]): string {
  const [file, ...extra] = args;
  if (file === undefined || file.startsWith("-")) throw new UsageError(`${command} needs a FILE.`);
  if (extra.length) throw new UsageError(`Unexpected argument '${extra[0]}'.`);
  return file;
}

type OptionSpec = Record<string, { type: "string" | "boolean" }>;

function parse(args: string[], options: OptionSpec): Record<string, string | boolean | undefined> {
  try {
    const { values, positionals } = parseArgs({ args, options, strict: true, allowPositionals: true });
    if (positionals.length) throw new UsageError(`Unexpected argument '${positionals[0]}'.`);
    return values as Record<string, string | boolean | undefined>;
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/** `--now YYYY-MM-DD` as midnight UTC; the current date when absent. */
function parseNow(value: string | boolean | undefined): Date {
  if (value === undefined) return new Date();
  const match = typeof value === "string" ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  const date = match ? new Date(`${value}T00:00:00Z`) : null;
  if (!match || !date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
    throw new UsageError(`--now must be a date written YYYY-MM-DD (got '${String(value)}').`);
  }
  return date;
}

process.exitCode = await main(process.argv.slice(2));
