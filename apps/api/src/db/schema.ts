import type { ColumnType, Generated } from "kysely";

/** Timestamps are `timestamptz` on PostgreSQL and ISO-8601 text on SQLite; read them through `toIso`. */
type Timestamp = ColumnType<Date | string, string, string>;
/** Booleans are native on PostgreSQL and 0/1 on SQLite; read them through `toBool`. */
type Bool = ColumnType<boolean | number, boolean | number, boolean | number>;
/** Columns with a database default may be left out on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;
type DefaultTimestamp = ColumnType<Date | string, string | undefined, string>;

export type UserTable = {
  id: string;
  name: string;
  email: string;
  emailVerified: Bool;
  image: string | null;
  /** Added by Better Auth's twoFactor plugin. */
  twoFactorEnabled: ColumnType<boolean | number | null, boolean | number | undefined, boolean | number>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
};

/** Better Auth's twoFactor plugin: the encrypted TOTP secret and backup codes of one user. */
export type TwoFactorTable = {
  id: string;
  userId: string;
  secret: string;
  backupCodes: string;
  verified: Bool | null;
  failedVerificationCount: number | null;
  lockedUntil: Timestamp | null;
};

export type AccountTable = {
  id: string;
  userId: string;
  providerId: string;
  accountId: string;
};

export type SessionTable = {
  id: string;
  userId: string;
  token: string;
  expiresAt: Timestamp;
};

export type VerificationTable = {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Timestamp;
};

export type ProfileTable = {
  user_id: string;
  first_name: string | null;
  last_name: string | null;
  email_notifications: Defaulted<boolean | number>;
  linkedin_url: string | null;
  /** Role slug chosen in Settings → Career Path (migration 0006); null until one is picked. */
  career_role: Defaulted<string | null>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
};

export type PlanTable = {
  user_id: string;
  plan: Defaulted<"free" | "lifetime">;
  purchased_at: Timestamp | null;
  payment_ref: string | null;
};

export type ResumeTable = {
  id: Generated<number>;
  user_id: string;
  filename: string;
  mime: string;
  size_bytes: number;
  sha256: string;
  text: string;
  parsed_json: string | null;
  /** ZLayoutHints as JSON (migration 0007): what the extractor saw of the file; null for pasted text and TXT. */
  layout_json: string | null;
  content: Uint8Array | null;
  created_at: DefaultTimestamp;
};

export type AnalysisTable = {
  id: Generated<number>;
  user_id: string;
  resume_id: number | null;
  job_description: string;
  result_json: string;
  engine_version: string;
  overall_score: number;
  /** The comparison run that made it (migration 0008); null for an analysis run on its own. */
  comparison_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: DefaultTimestamp;
};

/** One resume run against several postings (docs/product.md#multi-posting); its analyses point to it. */
export type ComparisonTable = {
  id: Generated<number>;
  user_id: string;
  resume_id: number | null;
  /** requestKey() of the run's Idempotency-Key; null without one. */
  request_key: string | null;
  /** sha256 of the run's content (resume and postings): a repeat within the window answers this one. */
  request_hash: string;
  created_at: DefaultTimestamp;
};

export type RateLimitTable = {
  key: string;
  count: number;
  reset_at: ColumnType<number | string, number, number>;
};

export type PaymentTable = {
  id: string;
  user_id: string;
  provider: "stripe" | "test";
  attempt: number;
  product: string;
  amount_cents: number;
  currency: string;
  status: "pending" | "processing" | "succeeded" | "failed" | "canceled";
  client_secret: string | null;
  failure_message: string | null;
  receipt_number: string | null;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  paid_at: Timestamp | null;
};

export type WebhookEventTable = {
  id: string;
  type: string;
  received_at: DefaultTimestamp;
};

export type LinkedInProfileTable = {
  user_id: string;
  profile_url: string | null;
  source: "export-zip" | "profile-pdf";
  profile_json: string;
  imported_at: DefaultTimestamp;
};

export type PaymentArchiveTable = {
  id: string;
  provider: string;
  product: string;
  amount_cents: number;
  currency: string;
  receipt_number: string | null;
  paid_at: Timestamp | null;
  archived_at: DefaultTimestamp;
};

export type Database = {
  user: UserTable;
  account: AccountTable;
  session: SessionTable;
  verification: VerificationTable;
  twoFactor: TwoFactorTable;
  profile: ProfileTable;
  plan: PlanTable;
  resume: ResumeTable;
  analysis: AnalysisTable;
  comparison: ComparisonTable;
  rate_limit: RateLimitTable;
  payment: PaymentTable;
  webhook_event: WebhookEventTable;
  linkedin_profile: LinkedInProfileTable;
  payment_archive: PaymentArchiveTable;
};
