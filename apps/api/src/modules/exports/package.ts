import type { TStoredAnalysis } from "@resumelens/contract";
import { strToU8, zipSync } from "fflate";
import { readStoredAnalysis, type StoredAnalysisRow } from "../analyses/stored-analysis.ts";
import { renderHtml } from "./render-html.ts";
import { renderMarkdown } from "./render-markdown.ts";
import { renderPdf } from "./render-pdf.ts";
import { buildReportModel } from "./report-model.ts";

export type PackageInput = {
  analysis: TStoredAnalysis;
  /** The analysed resume, when it still exists. */
  resume: { filename: string; text: string } | null;
};

/**
 * An export as the database holds it: the analysis row's columns, unparsed, and the resume. The
 * worker parses and checks the stored result (a large JSON document) so the request thread does not.
 */
export type StoredExport = StoredAnalysisRow & { resume: { filename: string; text: string } | null };

/** Reads a stored export into the package's input; an unreadable stored result throws. */
export function packageInputFrom(stored: StoredExport): PackageInput {
  const { resume, ...row } = stored;
  return { analysis: readStoredAnalysis(row), resume };
}

/** DOS timestamps in ZIP files cannot go before 1980. */
const ZIP_EPOCH = Date.UTC(1980, 0, 2);

export function packageFileNames(id: number, withResume: boolean): string[] {
  const names = [
    `analysis-report-${id}.pdf`,
    `analysis-report-${id}.md`,
    `analysis-report-${id}.html`,
    `analysis-${id}.json`,
  ];
  return withResume ? [...names, "resume.txt"] : names;
}

/**
 * The export package: the report as PDF, Markdown and HTML, the stored analysis as JSON and the
 * resume text. Deterministic: every entry carries the analysis date, so one analysis gives one ZIP.
 */
export async function buildExportPackage({ analysis, resume }: PackageInput): Promise<Uint8Array> {
  const model = buildReportModel({ analysis, resume });
  const id = analysis.id;
  const [pdfName, mdName, htmlName, jsonName] = packageFileNames(id, false) as [
    string,
    string,
    string,
    string,
  ];
  const files: Record<string, Uint8Array> = {
    [pdfName]: await renderPdf(model),
    [mdName]: strToU8(renderMarkdown(model)),
    [htmlName]: strToU8(renderHtml(model)),
    [jsonName]: strToU8(`${JSON.stringify(analysis, null, 2)}\n`),
  };
  if (resume) files["resume.txt"] = strToU8(resume.text);
  const mtime = new Date(Math.max(ZIP_EPOCH, Date.parse(analysis.createdAt) || ZIP_EPOCH));
  return zipSync(files, { level: 6, mtime });
}
