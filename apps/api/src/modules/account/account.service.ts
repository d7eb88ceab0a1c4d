import type { TAuthUser, TPreferences, TUpdateProfile } from "@resumelens/contract";
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from "fflate";
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Db } from "../../db/database.ts";
import { fromBool, toBool, toIso, withUserWriteLock } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import { AppError, unauthorized } from "../../lib/errors.ts";
import { deleteRateLimitsFor } from "../../lib/rate-limit.ts";
import { ownedResume } from "../documents/documents.service.ts";
import { createUserRows, getAuthUser, hasNameControlCharacters } from "../users/users.service.ts";

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
  // The contract refuses C0 controls; a person typing a name gets told about the rest as well.
  if (hasNameControlCharacters(input.firstName) || hasNameControlCharacters(input.lastName)) {
    throw new AppError("BAD_REQUEST", "Names cannot contain control characters.");
  }
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

/** The email typed in the Delete Account dialog must be the account's (any case, spaces ignored). */
export function assertConfirmEmail({ email, confirmEmail }: { email: string; confirmEmail: string }): void {
  if (confirmEmail.trim().toLowerCase() !== email.toLowerCase()) {
    throw new AppError("BAD_REQUEST", "The email you typed does not match your account's email.");
  }
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
  assertConfirmEmail({ email, confirmEmail });
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
    // Pending 2FA challenges, trusted devices and reset tokens hold the id; a pending social sign-up
    // holds the email as a JSON field. Matched exactly: a look-alike email's rows stay.
    await trx
      .deleteFrom("verification")
      .where((eb) =>
        eb.or([
          eb("value", "=", userId),
          sql<boolean>`lower(${sql.ref("identifier")}) = ${email.toLowerCase()}`,
          containsLower(db, "value", `"email":${JSON.stringify(email.toLowerCase())}`),
        ]),
      )
      .execute();
    // Rate-limit keys are per IP, per email (sign-in) or per user id (payments, exports): only this
    // user's own, matched exactly, so nobody else's lock is lifted by a look-alike email.
    await deleteRateLimitsFor(trx, [userId, email.toLowerCase()]);
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

/**
 * JSON stored in a column (an analysis's result, a resume's parse), written into the export as it is
 * stored: never parsed and re-serialised on the request thread (a stored result may be 1 MB, and
 * older ones more). Text that is not a JSON object or array is written as a string.
 */
class StoredJson {
  constructor(readonly text: string) {}
}

function storedJson(text: string | null): StoredJson | null {
  return text === null ? null : new StoredJson(text);
}

/**
 * Stands for a StoredJson while the value around it is serialised. It starts with NUL, which no
 * stored text holds (requests with NUL are refused), so it cannot be mistaken for user data.
 */
const STORED_MARK = "\u0000stored-json:";
/** …and as JSON.stringify writes it inside quotes: `"\u0000stored-json:<n>"`. */
const STORED_MARK_PATTERN = /"\\u0000stored-json:(\d+)"/g;

/**
 * `JSON.stringify(value, null, 2)`, with each StoredJson written as its own text (or as a string
 * when it is not an object or array).
 */
function pretty(value: unknown): string {
  const stored: string[] = [];
  const body = JSON.stringify(
    value,
    (_key, item: unknown) => {
      if (!(item instanceof StoredJson)) return item;
      const text = item.text.trim();
      const container =
        (text.startsWith("{") && text.endsWith("}")) || (text.startsWith("[") && text.endsWith("]"));
      if (!container) return item.text;
      stored.push(text);
      return `${STORED_MARK}${stored.length - 1}`;
    },
    2,
  );
  if (stored.length === 0) return body;
  return body.replace(STORED_MARK_PATTERN, (_, i: string) => stored[Number(i)] ?? "null");
}

const json = (value: unknown) => strToU8(`${pretty(value)}\n`);
const iso = (value: Date | string | number | null | undefined) =>
  value === null || value === undefined ? null : toIso(value);

/** Rows read per query while streaming resumes.json and analyses.json: bounded, whatever the total. */
const EXPORT_PAGE = 20;
/** Bytes handed to the compressor at a time, so no single step holds the event loop for long. */
const EXPORT_SLICE = 256 * 1024;
/** Already compressed formats are stored as they are: deflating them again only costs CPU. */
const STORED_MIMES: ReadonlySet<string> = new Set([
  "application/pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
]);

/**
 * The user's data export as a stream of ZIP bytes: account.json, resumes.json (metadata, extracted
 * text, parse and layout), analyses.json, payments.json, linkedin.json and the original resume
 * files. Secrets never leave: no password hashes, OAuth tokens, session tokens, TOTP secrets or
 * backup codes.
 *
 * Memory stays bounded however much the user stored: rows are read a page at a time, each original
 * file is read on its own, and nothing is produced before the reader asks for more (pull-based), so
 * a slow download holds one file, not the whole archive. Compression goes in slices, between which
 * other requests get the event loop. Throws UNAUTHORIZED before any byte if the user is gone.
 */
export async function streamDataExport({
  db,
  userId,
  now,
  onError,
}: {
  db: Db;
  userId: string;
  now: Date;
  /** Told when the stream fails after the response has started (the download is then cut short). */
  onError?: (error: unknown) => void;
}): Promise<ReadableStream<Uint8Array>> {
  const account = await exportAccount(db, userId, now);
  return pullStream(zipChunks(db, userId, now, account), onError);
}

/** account.json: the account, profile, plan, linked providers and sessions' dates and browsers. */
async function exportAccount(db: Db, userId: string, now: Date): Promise<unknown> {
  const { kysely } = db;
  const user = await kysely
    .selectFrom("user")
    .select(["id", "email", "emailVerified", "name", "image", "twoFactorEnabled", "createdAt", "updatedAt"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user) throw unauthorized();
  const [profile, plan, accounts, sessions] = await Promise.all([
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
  ]);
  return {
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
    providers: accounts.map((row) => ({
      providerId: row.providerId,
      accountId: row.accountId,
      linkedAt: iso(row.createdAt),
    })),
    sessions: sessions.map((session) => ({
      createdAt: iso(session.createdAt),
      expiresAt: iso(session.expiresAt),
      ipAddress: session.ipAddress,
      userAgent: session.userAgent,
    })),
  };
}

/** Pages of rows by ascending id, EXPORT_PAGE at a time (keyset: stable while rows are added). */
async function* pages<T extends { id: number }>(
  read: (afterId: number, limit: number) => Promise<T[]>,
): AsyncGenerator<T> {
  let afterId = 0;
  for (;;) {
    const rows = await read(afterId, EXPORT_PAGE);
    for (const row of rows) yield row;
    const last = rows.at(-1);
    if (!last || rows.length < EXPORT_PAGE) return;
    afterId = last.id;
  }
}

/**
 * A JSON array written one element at a time, byte for byte what `JSON.stringify(array, null, 2)`
 * gives, followed by a newline.
 */
async function* jsonArray(items: AsyncIterable<unknown>): AsyncGenerator<Uint8Array> {
  let first = true;
  for await (const item of items) {
    const body = pretty(item).replace(/\n/g, "\n  ");
    yield strToU8(`${first ? "[\n" : ",\n"}  ${body}`);
    first = false;
  }
  yield strToU8(first ? "[]\n" : "\n]\n");
}

type ResumeMeta = { id: number; filename: string; mime: string; hasContent: boolean };

async function* resumeRecords(db: Db, userId: string, files: ResumeMeta[]): AsyncGenerator<unknown> {
  const rows = pages((afterId, limit) =>
    db.kysely
      .selectFrom("resume")
      .select([
        "id",
        "filename",
        "mime",
        "size_bytes",
        "sha256",
        "created_at",
        "text",
        "parsed_json",
        "layout_json",
        sql<number>`case when content is null then 0 else 1 end`.as("has_content"),
      ])
      .where("user_id", "=", userId)
      .where("id", ">", afterId)
      .orderBy("id")
      .limit(limit)
      .execute(),
  );
  for await (const resume of rows) {
    const hasContent = Number(resume.has_content) === 1;
    files.push({ id: resume.id, filename: resume.filename, mime: resume.mime, hasContent });
    yield {
      id: resume.id,
      filename: resume.filename,
      mime: resume.mime,
      sizeBytes: resume.size_bytes,
      sha256: resume.sha256,
      createdAt: iso(resume.created_at),
      file: hasContent ? resumeEntryName(resume) : null,
      text: resume.text,
      parsed: storedJson(resume.parsed_json),
      layout: storedJson(resume.layout_json),
    };
  }
}

async function* analysisRecords(db: Db, userId: string): AsyncGenerator<unknown> {
  const rows = pages((afterId, limit) =>
    db.kysely
      .selectFrom("analysis")
      .selectAll()
      .where("user_id", "=", userId)
      .where("id", ">", afterId)
      .orderBy("id")
      .limit(limit)
      .execute(),
  );
  for await (const analysis of rows) {
    yield {
      id: analysis.id,
      resumeId: analysis.resume_id,
      jobDescription: analysis.job_description,
      overallScore: analysis.overall_score,
      engineVersion: analysis.engine_version,
      createdAt: iso(analysis.created_at),
      result: storedJson(analysis.result_json),
    };
  }
}

async function paymentsJson(db: Db, userId: string): Promise<Uint8Array> {
  const payments = await db.kysely
    .selectFrom("payment")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .execute();
  return json(
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
  );
}

async function linkedinJson(db: Db, userId: string): Promise<Uint8Array> {
  const linkedin = await db.kysely
    .selectFrom("linkedin_profile")
    .selectAll()
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return json(
    linkedin
      ? {
          profileUrl: linkedin.profile_url,
          source: linkedin.source,
          importedAt: iso(linkedin.imported_at),
          profile: storedJson(linkedin.profile_json),
        }
      : null,
  );
}

/** One resume's original bytes, read on its own when its turn in the archive comes. */
async function resumeContent(db: Db, userId: string, id: number): Promise<Uint8Array | null> {
  const row = await ownedResume(db, userId, id).select("content").executeTakeFirst();
  return row?.content ? new Uint8Array(row.content) : null;
}

async function* singleChunk(read: () => Promise<Uint8Array>): AsyncGenerator<Uint8Array> {
  yield await read();
}

/** The ZIP's bytes, entry after entry; each `yield` hands over what the archiver has produced so far. */
async function* zipChunks(db: Db, userId: string, now: Date, account: unknown): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else out.push(chunk);
  });
  const mtime = new Date(Math.max(ZIP_EPOCH, now.getTime()));
  function* drain(): Generator<Uint8Array> {
    if (failure) throw failure;
    while (out.length > 0) yield out.shift() as Uint8Array;
  }
  async function* entry(
    name: string,
    chunks: AsyncIterable<Uint8Array>,
    store = false,
  ): AsyncGenerator<Uint8Array> {
    const file = store ? new ZipPassThrough(name) : new ZipDeflate(name, { level: 6 });
    file.mtime = mtime;
    zip.add(file);
    for await (const chunk of chunks) {
      for (let offset = 0; offset < chunk.length; offset += EXPORT_SLICE) {
        file.push(chunk.subarray(offset, offset + EXPORT_SLICE), false);
        yield* drain();
        // Database reads and compression are synchronous underneath: let other requests in between
        // slices even when the reader is as fast as we are.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    }
    file.push(new Uint8Array(0), true);
    yield* drain();
  }

  const files: ResumeMeta[] = [];
  yield* entry(
    "account.json",
    singleChunk(async () => json(account)),
  );
  yield* entry("resumes.json", jsonArray(resumeRecords(db, userId, files)));
  yield* entry("analyses.json", jsonArray(analysisRecords(db, userId)));
  yield* entry(
    "payments.json",
    singleChunk(() => paymentsJson(db, userId)),
  );
  yield* entry(
    "linkedin.json",
    singleChunk(() => linkedinJson(db, userId)),
  );
  for (const file of files) {
    if (!file.hasContent) continue;
    const content = singleChunk(async () => (await resumeContent(db, userId, file.id)) ?? new Uint8Array(0));
    yield* entry(resumeEntryName(file), content, STORED_MIMES.has(file.mime));
  }
  zip.end();
  yield* drain();
}

/** A byte stream that runs `chunks` only as far as the reader has asked (backpressure). */
function pullStream(
  chunks: AsyncGenerator<Uint8Array>,
  onError?: (error: unknown) => void,
): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const next = await chunks.next();
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        } catch (error) {
          onError?.(error);
          controller.error(error);
        }
      },
      async cancel() {
        await chunks.return(undefined);
      },
    },
    { highWaterMark: 0 },
  );
}

/** The export's file name: resumelens-data-<YYYY-MM-DD>.zip (UTC). */
export function exportFileName(now: Date): string {
  return `resumelens-data-${now.toISOString().slice(0, 10)}.zip`;
}
