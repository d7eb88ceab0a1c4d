import type { TAuthUser, TPreferences, TUpdateProfile } from "@resumelens/contract";
import { strToU8, zipSync } from "fflate";
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Db } from "../../db/database.ts";
import { fromBool, toBool, toIso, withUserWriteLock } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { createUserRows, getAuthUser } from "../users/users.service.ts";

/** DOS timestamps in ZIP files cannot go before 1980. */
const ZIP_EPOCH = Date.UTC(1980, 0, 2);

/** Saves the caller's first and last name (already trimmed and checked by the contract); empty clears. */
export async function updateProfile({
  db,
  userId,
  input,
  now,
}: {
  db: Db;
  userId: string;
  input: TUpdateProfile;
  now: Date;
}): Promise<TAuthUser> {
  await createUserRows(db, userId);
  await db.kysely
    .updateTable("profile")
    .set({
      first_name: input.firstName === "" ? null : input.firstName,
      last_name: input.lastName === "" ? null : input.lastName,
      updated_at: now.toISOString(),
    })
    .where("user_id", "=", userId)
    .execute();
  return getAuthUser({ db, userId, now });
}

/** The Preferences card's settings; no profile row means the defaults (notifications on). */
export async function getPreferences({ db, userId }: { db: Db; userId: string }): Promise<TPreferences> {
  const row = await db.kysely
    .selectFrom("profile")
    .select("email_notifications")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return { emailNotifications: !row || toBool(row.email_notifications) };
}

export async function setPreferences({
  db,
  userId,
  preferences,
  now,
}: {
  db: Db;
  userId: string;
  preferences: TPreferences;
  now: Date;
}): Promise<TPreferences> {
  await createUserRows(db, userId);
  await db.kysely
    .updateTable("profile")
    .set({
      email_notifications: fromBool(db, preferences.emailNotifications),
      updated_at: now.toISOString(),
    })
    .where("user_id", "=", userId)
    .execute();
  return getPreferences({ db, userId });
}

/** `column` contains `needle` (lower-cased on both sides), without LIKE's wildcards getting in the way. */
function containsLower(db: Db, column: string, needle: string): RawBuilder<boolean> {
  const value = needle.toLowerCase();
  return db.kind === "postgres"
    ? sql<boolean>`strpos(lower(${sql.ref(column)}), ${value}) > 0`
    : sql<boolean>`instr(lower(${sql.ref(column)}), ${value}) > 0`;
}

/**
 * Erases the user: every row that names them, in one transaction (all or nothing). Succeeded
 * payments are first copied to payment_archive without any identity, because bookkeeping law
 * needs amounts and dates kept; everything else goes, including sessions, linked accounts, 2FA
 * secrets, pending verification values and rate-limit counters keyed by their id or email.
 */
export async function deleteAccount({
  db,
  userId,
  email,
  confirmEmail,
  now,
}: {
  db: Db;
  userId: string;
  email: string;
  confirmEmail: string;
  now: Date;
}): Promise<void> {
  if (confirmEmail.trim().toLowerCase() !== email.toLowerCase()) {
    throw new AppError("BAD_REQUEST", "The email you typed does not match your account's email.");
  }
  await withUserWriteLock(db, userId, async (trx) => {
    await archivePayments(trx, userId, now);
    await trx.deleteFrom("analysis").where("user_id", "=", userId).execute();
    await trx.deleteFrom("resume").where("user_id", "=", userId).execute();
    await trx.deleteFrom("payment").where("user_id", "=", userId).execute();
    await trx.deleteFrom("linkedin_profile").where("user_id", "=", userId).execute();
    await trx.deleteFrom("profile").where("user_id", "=", userId).execute();
    await trx.deleteFrom("plan").where("user_id", "=", userId).execute();
    // Better Auth's own tables: deleted explicitly rather than trusting each one's foreign key.
    await trx.deleteFrom("twoFactor").where("userId", "=", userId).execute();
    await trx.deleteFrom("session").where("userId", "=", userId).execute();
    await trx.deleteFrom("account").where("userId", "=", userId).execute();
    // Pending 2FA challenges, trusted devices and reset tokens hold the id; others may hold the email.
    await trx
      .deleteFrom("verification")
      .where((eb) =>
        eb.or([
          eb("value", "=", userId),
          containsLower(db, "identifier", email),
          containsLower(db, "value", email),
        ]),
      )
      .execute();
    // Rate-limit keys are per IP, per email (sign-in) or per user id (payments, exports).
    await trx
      .deleteFrom("rate_limit")
      .where((eb) => eb.or([containsLower(db, "key", userId), containsLower(db, "key", email)]))
      .execute();
    await trx.deleteFrom("user").where("id", "=", userId).execute();
  });
}

async function archivePayments(trx: Kysely<Database>, userId: string, now: Date): Promise<void> {
  const paid = await trx
    .selectFrom("payment")
    .select(["id", "provider", "product", "amount_cents", "currency", "receipt_number", "paid_at"])
    .where("user_id", "=", userId)
    .where("status", "=", "succeeded")
    .execute();
  if (paid.length === 0) return;
  await trx
    .insertInto("payment_archive")
    .values(
      paid.map((payment) => ({
        id: payment.id,
        provider: payment.provider,
        product: payment.product,
        amount_cents: payment.amount_cents,
        currency: payment.currency,
        receipt_number: payment.receipt_number,
        paid_at: payment.paid_at === null ? null : toIso(payment.paid_at),
        archived_at: now.toISOString(),
      })),
    )
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
}

const EXTENSION_BY_MIME: Record<string, string> = {
  "text/plain": ".txt",
  "application/pdf": ".pdf",
  "application/msword": ".doc",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": ".docx",
};

/** The ZIP entry of a resume's original file; pasted text ("Text Resume") gets its extension from the type. */
function resumeEntryName(resume: { id: number; filename: string; mime: string }): string {
  const base = safeEntryName(resume.filename);
  const extension = /\.[a-z0-9]{1,5}$/i.test(base) ? "" : (EXTENSION_BY_MIME[resume.mime] ?? "");
  return `resumes/${resume.id}-${base}${extension}`;
}

/** A file name safe inside a ZIP on every OS: no folders, no control or reserved characters. */
function safeEntryName(name: string): string {
  const cleaned = name
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we strip
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, "_")
    .replace(/^\.+/, "")
    .slice(-120);
  return cleaned === "" ? "resume" : cleaned;
}

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const json = (value: unknown) => strToU8(`${JSON.stringify(value, null, 2)}\n`);
const iso = (value: Date | string | number | null | undefined) =>
  value === null || value === undefined ? null : toIso(value);

/**
 * Everything we hold about the user, as a ZIP: account.json, analyses.json, resumes.json (metadata
 * and extracted text), the original resume files, payments.json and linkedin.json. Secrets never
 * leave: no password hashes, OAuth tokens, session tokens, TOTP secrets or backup codes.
 */
export async function buildDataExport({
  db,
  userId,
  now,
}: {
  db: Db;
  userId: string;
  now: Date;
}): Promise<Uint8Array> {
  const { kysely } = db;
  const user = await kysely
    .selectFrom("user")
    .select(["id", "email", "emailVerified", "name", "image", "twoFactorEnabled", "createdAt", "updatedAt"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user) throw new AppError("UNAUTHORIZED", "Please sign in to continue.");
  const [profile, plan, accounts, sessions, resumes, analyses, payments, linkedin] = await Promise.all([
    kysely.selectFrom("profile").selectAll().where("user_id", "=", userId).executeTakeFirst(),
    kysely.selectFrom("plan").selectAll().where("user_id", "=", userId).executeTakeFirst(),
    kysely
      .selectFrom("account")
      .select(["providerId", "accountId", sql<Date | string>`"createdAt"`.as("createdAt")])
      .where("userId", "=", userId)
      .execute(),
    kysely
      .selectFrom("session")
      .select([
        sql<Date | string>`"createdAt"`.as("createdAt"),
        "expiresAt",
        sql<string | null>`"ipAddress"`.as("ipAddress"),
        sql<string | null>`"userAgent"`.as("userAgent"),
      ])
      .where("userId", "=", userId)
      .execute(),
    kysely.selectFrom("resume").selectAll().where("user_id", "=", userId).orderBy("id").execute(),
    kysely.selectFrom("analysis").selectAll().where("user_id", "=", userId).orderBy("id").execute(),
    kysely.selectFrom("payment").selectAll().where("user_id", "=", userId).orderBy("created_at").execute(),
    kysely.selectFrom("linkedin_profile").selectAll().where("user_id", "=", userId).executeTakeFirst(),
  ]);

  const files: Record<string, Uint8Array> = {
    "account.json": json({
      exportedAt: now.toISOString(),
      user: {
        id: user.id,
        email: user.email,
        emailVerified: toBool(user.emailVerified),
        name: user.name,
        image: user.image,
        twoFactorEnabled: toBool(user.twoFactorEnabled),
        createdAt: iso(user.createdAt),
        updatedAt: iso(user.updatedAt),
      },
      profile: profile
        ? {
            firstName: profile.first_name,
            lastName: profile.last_name,
            emailNotifications: toBool(profile.email_notifications),
            linkedinUrl: profile.linkedin_url,
            createdAt: iso(profile.created_at),
            updatedAt: iso(profile.updated_at),
          }
        : null,
      plan: plan
        ? { plan: plan.plan, purchasedAt: iso(plan.purchased_at), paymentRef: plan.payment_ref }
        : null,
      providers: accounts.map((account) => ({
        providerId: account.providerId,
        accountId: account.accountId,
        linkedAt: iso(account.createdAt),
      })),
      sessions: sessions.map((session) => ({
        createdAt: iso(session.createdAt),
        expiresAt: iso(session.expiresAt),
        ipAddress: session.ipAddress,
        userAgent: session.userAgent,
      })),
    }),
    "resumes.json": json(
      resumes.map((resume) => ({
        id: resume.id,
        filename: resume.filename,
        mime: resume.mime,
        sizeBytes: resume.size_bytes,
        sha256: resume.sha256,
        createdAt: iso(resume.created_at),
        file: resume.content ? resumeEntryName(resume) : null,
        text: resume.text,
        parsed: parseJson(resume.parsed_json),
      })),
    ),
    "analyses.json": json(
      analyses.map((analysis) => ({
        id: analysis.id,
        resumeId: analysis.resume_id,
        jobDescription: analysis.job_description,
        overallScore: analysis.overall_score,
        engineVersion: analysis.engine_version,
        createdAt: iso(analysis.created_at),
        result: parseJson(analysis.result_json),
      })),
    ),
    "payments.json": json(
      payments.map((payment) => ({
        id: payment.id,
        provider: payment.provider,
        product: payment.product,
        amountCents: payment.amount_cents,
        currency: payment.currency,
        status: payment.status,
        failureMessage: payment.failure_message,
        receiptNumber: payment.receipt_number,
        createdAt: iso(payment.created_at),
        paidAt: iso(payment.paid_at),
      })),
    ),
    "linkedin.json": json(
      linkedin
        ? {
            profileUrl: linkedin.profile_url,
            source: linkedin.source,
            importedAt: iso(linkedin.imported_at),
            profile: parseJson(linkedin.profile_json),
          }
        : null,
    ),
  };
  for (const resume of resumes) {
    if (resume.content) {
      files[resumeEntryName(resume)] = new Uint8Array(resume.content);
    }
  }
  return zipSync(files, { level: 6, mtime: new Date(Math.max(ZIP_EPOCH, now.getTime())) });
}

/** The export's file name: resumelens-data-<YYYY-MM-DD>.zip (UTC). */
export function exportFileName(now: Date): string {
  return `resumelens-data-${now.toISOString().slice(0, 10)}.zip`;
}
