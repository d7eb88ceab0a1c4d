import { readFileSync } from "node:fs";
import path from "node:path";
import { apiRouteTable } from "../../apps/api/src/lib/route-table.ts";
import { createHarness, type Harness, signUpVerified, type TestClient } from "../../apps/api/test/harness.ts";

export { createHarness, type Harness, signUpVerified, type TestClient };

const root = path.resolve(import.meta.dirname, "../..");
const fixtures = path.join(root, "packages/engine/test/fixtures/software-engineer");
/** A real resume and job description, so analyses have something to score. */
export const RESUME = readFileSync(path.join(fixtures, "resume.txt"), "utf8");
export const JOB = readFileSync(path.join(fixtures, "job.txt"), "utf8");

/** Creates a text resume and analyses it; returns both ids. */
export async function analyse(client: TestClient, resume = RESUME, job = JOB) {
  const created = await client.post("/api/create-text-resume", { content: resume });
  if (created.status !== 200) throw new Error(`resume: ${created.status} ${await created.text()}`);
  const { id: resumeId } = (await created.json()) as { id: number };
  const analysed = await client.post("/api/analyze", { resumeId, jobDescription: job });
  if (analysed.status !== 200) throw new Error(`analyze: ${analysed.status} ${await analysed.text()}`);
  const { id: analysisId } = (await analysed.json()) as { id: number };
  return { resumeId, analysisId };
}

/**
 * Every API endpoint the app answers, as "METHOD /path", read from its router (the same table the
 * OpenAPI document is checked against), so no route escapes the matrix however it is declared.
 */
export function declaredRoutes(app: Harness["app"]): string[] {
  return apiRouteTable(app);
}
