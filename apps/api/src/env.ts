import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/** Repository root (from src/ or the dist/ bundle), so `data/` resolves the same wherever the process starts. */
export const ROOT_DIR = findRoot(import.meta.dirname);

function findRoot(from: string): string {
  for (let dir = from; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, "package.json");
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, "utf8")).name === "resumelens") return dir;
  }
  return process.cwd();
}

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === "" ? undefined : value.trim()));

const booleanFlag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((value) => value === "true" || value === "1");

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  BASE_URL: z.url().optional(),
  DATA_DIR: z.string().default(path.join(ROOT_DIR, "data")),
  DATABASE_URL: optionalString,
  AUTH_SECRET: optionalString.refine((value) => value === undefined || value.length >= 32, {
    message: "must be at least 32 characters",
  }),
  TRUST_PROXY: booleanFlag,
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  SMTP_HOST: optionalString,
  SMTP_PORT: z.coerce.number().int().positive().default(587),
  SMTP_SECURE: booleanFlag,
  SMTP_USER: optionalString,
  SMTP_PASS: optionalString,
  SMTP_FROM: z.string().default("ResumeLens <no-reply@resumelens.app>"),
  SUPPORT_EMAIL: z.email().default("support@resumelens.app"),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GITHUB_CLIENT_ID: optionalString,
  GITHUB_CLIENT_SECRET: optionalString,
  FACEBOOK_CLIENT_ID: optionalString,
  FACEBOOK_CLIENT_SECRET: optionalString,
  LINKEDIN_CLIENT_ID: optionalString,
  LINKEDIN_CLIENT_SECRET: optionalString,
  OIDC_ISSUER: optionalString,
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Points the Stripe SDK at another API host: for tests with a local stand-in only. */
  STRIPE_API_URL: z.url().optional(),
  /** An OpenAI-compatible endpoint that may reword recommendations (modules/analyses/rewrite-prose.ts); unset, no LLM. */
  LLM_BASE_URL: optionalString.refine((value) => value === undefined || isHttpUrl(value), {
    message: "must be an http or https URL",
  }),
  LLM_MODEL: optionalString,
  LLM_API_KEY: optionalString,
  /** How long one request to the LLM may take. */
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(8000),
  /** The most the LLM may delay one analysis, a retry included. */
  LLM_BUDGET_MS: z.coerce.number().int().min(100).max(300_000).default(12_000),
  WEB_DIST_DIR: z.string().default(path.join(ROOT_DIR, "apps/web/dist")),
});

const blank = (value: string | undefined) => value === undefined || value.trim() === "";

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** Rules across settings. They read the raw values so they are reported even when a type is wrong. */
function crossFieldProblems(source: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  if (source.NODE_ENV === "production") {
    if (blank(source.AUTH_SECRET)) problems.push("AUTH_SECRET: is required in production");
    if (blank(source.BASE_URL)) problems.push("BASE_URL: is required in production");
    if (!blank(source.OIDC_ISSUER)) problems.push("OIDC_ISSUER: is for development and tests only");
    if (!blank(source.STRIPE_API_URL)) problems.push("STRIPE_API_URL: is for tests only");
    if (blank(source.STRIPE_SECRET_KEY)) {
      problems.push(
        "STRIPE_SECRET_KEY: is required in production (without Stripe keys the app takes test payments, which is for development and tests only)",
      );
    }
  }
  for (const provider of ["GOOGLE", "GITHUB", "FACEBOOK", "LINKEDIN", "OIDC"]) {
    const id = source[`${provider}_CLIENT_ID`];
    const secret = source[`${provider}_CLIENT_SECRET`];
    if (blank(id) !== blank(secret)) {
      const missing = blank(id) ? `${provider}_CLIENT_ID` : `${provider}_CLIENT_SECRET`;
      problems.push(`${missing}: ${provider}_CLIENT_ID and ${provider}_CLIENT_SECRET go together`);
    }
  }
  if (!blank(source.LLM_BASE_URL) && blank(source.LLM_MODEL)) {
    problems.push("LLM_MODEL: is required with LLM_BASE_URL (the model the endpoint should run)");
  }
  const stripe = ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"];
  const set = stripe.filter((key) => !blank(source[key]));
  if (set.length > 0 && set.length < stripe.length) {
    problems.push(
      "STRIPE_SECRET_KEY: STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET go together",
    );
  }
  return problems;
}

export type Env = z.infer<typeof EnvSchema> & { AUTH_SECRET: string; BASE_URL: string };

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}

/** The database URL in effect: DATABASE_URL, or the embedded SQLite file under DATA_DIR. */
export function databaseUrl(env: Env): string {
  return env.DATABASE_URL ?? path.join(env.DATA_DIR, "resumelens.db");
}

/**
 * The only reader of process.env. Parses every setting, reporting all problems at once.
 * In development and tests a missing AUTH_SECRET is generated once and kept under DATA_DIR.
 */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = EnvSchema.safeParse(source);
  const problems = [
    ...(parsed.success
      ? []
      : parsed.error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`)),
    ...crossFieldProblems(source),
  ];
  if (!parsed.success || problems.length > 0) throw new EnvError(problems);
  const env = parsed.data;
  return {
    ...env,
    AUTH_SECRET: env.AUTH_SECRET ?? developmentSecret(env.DATA_DIR),
    BASE_URL: (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
  };
}

function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
