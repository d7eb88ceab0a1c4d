import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
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

/** Every route declared in the route files, as "METHOD /path" (constants resolved from the same file). */
export function declaredRoutes(): string[] {
  const modules = path.join(root, "apps/api/src/modules");
  const routes: string[] = [];
  for (const dir of readdirSync(modules)) {
    for (const file of readdirSync(path.join(modules, dir)).filter((f) => f.endsWith(".routes.ts"))) {
      const source = readFileSync(path.join(modules, dir, file), "utf8");
      const constants = new Map(
        [...source.matchAll(/const (\w+) = "([^"]+)"/g)].map((m) => [m[1] ?? "", m[2] ?? ""]),
      );
      for (const m of source.matchAll(/\.(get|post|put|patch|delete)\(\s*(?:"([^"]+)"|(\w+))/g)) {
        const route = m[2] ?? constants.get(m[3] ?? "");
        if (route?.startsWith("/api/")) routes.push(`${m[1]?.toUpperCase()} ${route}`);
      }
    }
  }
  return routes;
}
