import { type Kysely, type Migration, Migrator, sql } from "kysely";
import type { DbKind } from "./database.ts";

/**
 * Our own tables. One set for both databases; the few dialect differences (identity columns,
 * binary and timestamp types) are decided by `kind`. Never edit a shipped migration: add one.
 */
function ourMigrations(kind: DbKind): Record<string, Migration> {
  const pg = kind === "postgres";
  const timestamp = pg ? "timestamptz" : "text";
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
  const bool = pg ? "boolean" : "integer";
  const boolTrue = pg ? sql`true` : sql`1`;

  return {
    "0001_core": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable("profile")
          .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
          .addColumn("first_name", "text")
          .addColumn("last_name", "text")
          .addColumn("email_notifications", sql.raw(bool), (c) => c.notNull().defaultTo(boolTrue))
          .addColumn("linkedin_url", "text")
          .addColumn("created_at", sql.raw(timestamp), (c) => c.notNull().defaultTo(now))
          .addColumn("updated_at", sql.raw(timestamp), (c) => c.notNull().defaultTo(now))
          .execute();

        await db.schema
          .createTable("plan")
          .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
          .addColumn("plan", "text", (c) =>
            c.notNull().defaultTo("free").check(sql`plan in ('free', 'lifetime')`),
          )
          .addColumn("purchased_at", sql.raw(timestamp))
          .addColumn("payment_ref", "text")
          .execute();

        await db.schema
          .createTable("resume")
          .addColumn("id", pg ? "serial" : "integer", (c) =>
            pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
          )
          .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
          .addColumn("filename", "text", (c) => c.notNull())
          .addColumn("mime", "text", (c) => c.notNull())
          .addColumn("size_bytes", "integer", (c) => c.notNull())
          .addColumn("sha256", "text", (c) => c.notNull())
          .addColumn("text", "text", (c) => c.notNull())
          .addColumn("parsed_json", "text")
          .addColumn("content", pg ? "bytea" : "blob")
          .addColumn("created_at", sql.raw(timestamp), (c) => c.notNull().defaultTo(now))
          .execute();
        await db.schema
          .createIndex("resume_user_idx")
          .on("resume")
          .columns(["user_id", "created_at"])
          .execute();

        await db.schema
          .createTable("analysis")
          .addColumn("id", pg ? "serial" : "integer", (c) =>
            pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
          )
          .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
          .addColumn("resume_id", "integer", (c) => c.references("resume.id").onDelete("set null"))
          .addColumn("job_description", "text", (c) => c.notNull())
          .addColumn("result_json", "text", (c) => c.notNull())
          .addColumn("engine_version", "text", (c) => c.notNull())
          .addColumn("overall_score", "integer", (c) => c.notNull())
          .addColumn("created_at", sql.raw(timestamp), (c) => c.notNull().defaultTo(now))
          .execute();
        await db.schema
          .createIndex("analysis_user_idx")
          .on("analysis")
          .columns(["user_id", "created_at"])
          .execute();

        await db.schema
          .createTable("rate_limit")
          .addColumn("key", "text", (c) => c.primaryKey())
          .addColumn("count", "integer", (c) => c.notNull())
          .addColumn("reset_at", "bigint", (c) => c.notNull())
          .execute();
      },
    },
    "0002_billing": {
      async up(db: Kysely<unknown>) {
        // One row per payment intent (Stripe's, or the local test mode's). The id is the provider's.
        await db.schema
          .createTable("payment")
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
          .addColumn("provider", "text", (c) => c.notNull().check(sql`provider in ('stripe', 'test')`))
          .addColumn("attempt", "integer", (c) => c.notNull())
          .addColumn("product", "text", (c) => c.notNull())
          .addColumn("amount_cents", "integer", (c) => c.notNull())
          .addColumn("currency", "text", (c) => c.notNull())
          .addColumn("status", "text", (c) =>
            c.notNull().check(sql`status in ('pending', 'processing', 'succeeded', 'failed', 'canceled')`),
          )
          // Only the test mode keeps its secret here; Stripe's is re-read from Stripe when needed.
          .addColumn("client_secret", "text")
          .addColumn("failure_message", "text")
          .addColumn("receipt_number", "text", (c) => c.unique())
          .addColumn("created_at", sql.raw(timestamp), (c) => c.notNull().defaultTo(now))
          .addColumn("updated_at", sql.raw(timestamp), (c) => c.notNull().defaultTo(now))
          .addColumn("paid_at", sql.raw(timestamp))
          .addUniqueConstraint("payment_user_attempt_unique", ["user_id", "provider", "attempt"])
          .execute();
        await db.schema
          .createIndex("payment_user_idx")
          .on("payment")
          .columns(["user_id", "created_at"])
          .execute();

        // Webhook events already handled: the primary key makes each event id count once.
        await db.schema
          .createTable("webhook_event")
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("type", "text", (c) => c.notNull())
          .addColumn("received_at", sql.raw(timestamp), (c) => c.notNull().defaultTo(now))
          .execute();
      },
    },
    "0003_profile_import_and_erasure": {
      async up(db: Kysely<unknown>) {
        // The LinkedIn profile a user imported (data-export ZIP or 'Save to PDF'); one per user.
        await db.schema
          .createTable("linkedin_profile")
          .addColumn("user_id", "text", (c) => c.primaryKey().references("user.id").onDelete("cascade"))
          .addColumn("profile_url", "text")
          .addColumn("source", "text", (c) => c.notNull().check(sql`source in ('export-zip', 'profile-pdf')`))
          .addColumn("profile_json", "text", (c) => c.notNull())
          .addColumn("imported_at", sql.raw(timestamp), (c) => c.notNull().defaultTo(now))
          .execute();

        // What the law needs kept of a deleted user's payments: amounts and dates, nobody's identity.
        await db.schema
          .createTable("payment_archive")
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("provider", "text", (c) => c.notNull())
          .addColumn("product", "text", (c) => c.notNull())
          .addColumn("amount_cents", "integer", (c) => c.notNull())
          .addColumn("currency", "text", (c) => c.notNull())
          .addColumn("receipt_number", "text")
          .addColumn("paid_at", sql.raw(timestamp))
          .addColumn("archived_at", sql.raw(timestamp), (c) => c.notNull().defaultTo(now))
          .execute();
      },
    },
    "0005_limits_analysis_runs": {
      async up(db: Kysely<unknown>) {
        // The free plan counts analyses *run* in a month, not analyses kept: one row per run,
        // which deleting the analysis leaves in place (its link is cleared). `request_key` is the
        // hash of the request's Idempotency-Key, so a repeated request answers the first run.
        await db.schema
          .createTable("analysis_run")
          .addColumn("id", pg ? "serial" : "integer", (c) =>
            pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
          )
          .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
          .addColumn("analysis_id", "integer", (c) => c.references("analysis.id").onDelete("set null"))
          .addColumn("request_key", "text")
          .addColumn("created_at", sql.raw(timestamp), (c) => c.notNull().defaultTo(now))
          .execute();
        await db.schema
          .createIndex("analysis_run_user_idx")
          .on("analysis_run")
          .columns(["user_id", "created_at"])
          .execute();
        // Every analysis kept so far was a run (the deleted ones are lost to history).
        await sql`insert into analysis_run (user_id, analysis_id, created_at)
          select user_id, id, created_at from analysis`.execute(db);
      },
    },
    "0006_profile_career_role": {
      async up(db: Kysely<unknown>) {
        // The target role chosen in Settings → Career Path (a role slug), so the roadmap reopens
        // on it on every device; null until the user picks one.
        await db.schema.alterTable("profile").addColumn("career_role", "text").execute();
      },
    },
    "0007_resume_layout": {
      async up(db: Kysely<unknown>) {
        // What the extractor saw of an uploaded file's layout (columns, tables, header/footer
        // contact, images, pages) as JSON text (ZLayoutHints), read by every analysis of the resume.
        // Null for pasted text, TXT files and resumes stored before now. 256 is LAYOUT_JSON_MAX.
        await db.schema
          .alterTable("resume")
          .addColumn("layout_json", "text", (c) => c.check(sql`length(layout_json) <= 256`))
          .execute();
      },
    },
    "0008_comparison": {
      async up(db: Kysely<unknown>) {
        // One resume run against several postings at once (docs/product.md#multi-posting): the
        // comparison holds no results of its own, its analyses point to it. `request_key` is the
        // hash of the run's Idempotency-Key, `request_hash` that of its content (resume and
        // postings), so a repeated run answers the first comparison.
        await db.schema
          .createTable("comparison")
          .addColumn("id", pg ? "serial" : "integer", (c) =>
            pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
          )
          .addColumn("user_id", "text", (c) => c.notNull().references("user.id").onDelete("cascade"))
          .addColumn("resume_id", "integer", (c) => c.references("resume.id").onDelete("set null"))
          .addColumn("request_key", "text")
          .addColumn("request_hash", "text", (c) => c.notNull())
          .addColumn("created_at", sql.raw(timestamp), (c) => c.notNull().defaultTo(now))
          .execute();
        await db.schema
          .createIndex("comparison_user_idx")
          .on("comparison")
          .columns(["user_id", "created_at"])
          .execute();
        // Deleting a comparison keeps its analyses (they are analyses like any other).
        await db.schema
          .alterTable("analysis")
          .addColumn("comparison_id", "integer", (c) => c.references("comparison.id").onDelete("set null"))
          .execute();
        await db.schema
          .createIndex("analysis_comparison_idx")
          .on("analysis")
          .column("comparison_id")
          .execute();
      },
    },
    "0009_session_user_agent_cap": {
      async up(db: Kysely<unknown>) {
        // Sessions now keep at most 512 characters of the User-Agent (auth/session-limits.ts,
        // USER_AGENT_MAX); cut the ones stored before, so a 15 KB header kept then costs nothing
        // more to list or export. Better Auth's table, whose columns it names in camelCase.
        await sql`update "session" set "userAgent" = substr("userAgent", 1, 512)
          where length("userAgent") > 512`.execute(db);
      },
    },
  };
}

export async function migrateOurTables(kysely: Kysely<unknown>, kind: DbKind): Promise<void> {
  const migrator = new Migrator({
    db: kysely,
    provider: { getMigrations: async () => ourMigrations(kind) },
    migrationTableName: "app_migration",
    migrationLockTableName: "app_migration_lock",
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    throw new Error(
      `Migration ${failed?.migrationName ?? ""} failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
