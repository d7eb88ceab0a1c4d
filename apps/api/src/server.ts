import { serve } from "@hono/node-server";
import { createApp } from "./app.ts";
import { createDeps } from "./deps.ts";
import { databaseUrl, EnvError, loadEnv } from "./env.ts";
import { reconcilePaymentsOnStart } from "./modules/billing/reconcile-payments.ts";
import { warmCareerSearch } from "./modules/career/career-search.ts";

/** The only file that binds a port. Shuts down gracefully on SIGTERM/SIGINT. */
async function main() {
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const deps = await createDeps(env);
  // Payments taken while no process was up (or cut off by a crash) are fulfilled before serving.
  await reconcilePaymentsOnStart(deps);
  // The role search's index is built once, before the first visitor waits for it.
  warmCareerSearch();
  const app = createApp(deps, { serveWeb: true });
  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    const where = env.DATABASE_URL ? "PostgreSQL" : databaseUrl(env);
    deps.logger.info(`ResumeLens is listening on ${env.BASE_URL}`, { port: info.port, database: where });
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    deps.logger.info("shutting down", { signal });
    // Longer than the slowest job the worker pool allows (15 s), so in-flight work can finish.
    const force = setTimeout(() => process.exit(1), 20_000);
    force.unref();
    server.close(async () => {
      await deps.db.close();
      process.exit(0);
    });
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
