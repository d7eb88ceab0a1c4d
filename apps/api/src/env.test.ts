import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { EnvError, loadEnv } from "./env.ts";

const dirs: string[] = [];
function dataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "resumelens-env-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("loadEnv", () => {
  it("defaults to port 3000, the embedded database and a stored development secret", () => {
    const DATA_DIR = dataDir();
    const env = loadEnv({ DATA_DIR });
    expect(env.PORT).toBe(3000);
    expect(env.BASE_URL).toBe("http://localhost:3000");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.AUTH_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(DATA_DIR, "auth-secret"), "utf8").trim()).toBe(env.AUTH_SECRET);
    expect(loadEnv({ DATA_DIR }).AUTH_SECRET).toBe(env.AUTH_SECRET);
  });

  it("lists every problem at once", () => {
    let caught: unknown;
    try {
      loadEnv({
        NODE_ENV: "production",
        PORT: "abc",
        GITHUB_CLIENT_ID: "id",
        STRIPE_SECRET_KEY: "sk_test_x",
        DATA_DIR: dataDir(),
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EnvError);
    const problems = (caught as EnvError).problems.join("\n");
    expect(problems).toContain("PORT");
    expect(problems).toContain("AUTH_SECRET: is required in production");
    expect(problems).toContain("BASE_URL: is required in production");
    expect(problems).toContain("GITHUB_CLIENT_SECRET");
    expect(problems).toContain("STRIPE_SECRET_KEY");
  });

  it("refuses a short AUTH_SECRET and the test OIDC provider in production", () => {
    expect(() =>
      loadEnv({
        NODE_ENV: "production",
        AUTH_SECRET: "short",
        BASE_URL: "https://x.example",
        OIDC_ISSUER: "http://127.0.0.1:1",
        DATA_DIR: dataDir(),
      }),
    ).toThrow(/AUTH_SECRET: must be at least 32 characters[\s\S]*OIDC_ISSUER/);
  });

  it("refuses to take test payments in production: Stripe is required there, its test host is not allowed", () => {
    const production = {
      NODE_ENV: "production",
      AUTH_SECRET: "a".repeat(40),
      BASE_URL: "https://resumelens.example",
      DATA_DIR: dataDir(),
    };
    expect(() => loadEnv(production)).toThrow(/STRIPE_SECRET_KEY: is required in production/);
    const stripe = {
      ...production,
      STRIPE_SECRET_KEY: "sk_live_x",
      STRIPE_PUBLISHABLE_KEY: "pk_live_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
    };
    expect(loadEnv(stripe).STRIPE_SECRET_KEY).toBe("sk_live_x");
    expect(() => loadEnv({ ...stripe, STRIPE_API_URL: "http://127.0.0.1:1" })).toThrow(
      /STRIPE_API_URL: is for tests only/,
    );
  });

  it("treats blank optional settings as unset", () => {
    const env = loadEnv({ DATA_DIR: dataDir(), DATABASE_URL: "  ", SMTP_HOST: "", PORT: "4000" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_HOST).toBeUndefined();
    expect(env.BASE_URL).toBe("http://localhost:4000");
  });
});
