import { createDeps } from "../deps.ts";
import { databaseUrl, loadEnv } from "../env.ts";

const env = loadEnv();
const deps = await createDeps(env);
console.log(`Database is up to date (${env.DATABASE_URL ? "PostgreSQL" : databaseUrl(env)}).`);
await deps.db.close();
