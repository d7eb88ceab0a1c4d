import path from "node:path";
import type { AppDeps } from "./app-context.ts";
import { createAuth } from "./auth/auth.ts";
import { openDatabase } from "./db/database.ts";
import { migrate } from "./db/migrate.ts";
import { databaseUrl, type Env } from "./env.ts";
import { createLogger, type Logger } from "./lib/logger.ts";
import { createMailer, type Mailer } from "./lib/mailer.ts";
import type { PaymentProvider } from "./modules/billing/payment-provider.ts";
import { createStripeProvider } from "./modules/billing/stripe-provider.ts";
import { createTestProvider } from "./modules/billing/test-provider.ts";

/** Opens the database, migrates it and wires every dependency of the app. */
export async function createDeps(
  env: Env,
  overrides: { logger?: Logger; mailer?: Mailer; now?: () => Date } = {},
): Promise<AppDeps> {
  const logger = overrides.logger ?? createLogger(env.LOG_LEVEL);
  const db = openDatabase(databaseUrl(env));
  const mailer =
    overrides.mailer ??
    createMailer({
      from: env.SMTP_FROM,
      smtp: env.SMTP_HOST
        ? {
            host: env.SMTP_HOST,
            port: env.SMTP_PORT,
            secure: env.SMTP_SECURE,
            user: env.SMTP_USER,
            pass: env.SMTP_PASS,
          }
        : undefined,
      outboxDir: path.join(env.DATA_DIR, "outbox"),
      logger,
      logLinks: env.NODE_ENV !== "production",
    });
  const auth = createAuth({ env, db, mailer, logger });
  await migrate(db, auth.options);
  const payments: PaymentProvider =
    env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
      ? createStripeProvider({
          secretKey: env.STRIPE_SECRET_KEY,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET,
          apiUrl: env.STRIPE_API_URL,
        })
      : createTestProvider(db);
  return { env, db, auth, mailer, logger, payments, now: overrides.now ?? (() => new Date()) };
}
