import type { Auth } from "./auth/auth.ts";
import type { Db } from "./db/database.ts";
import type { Env } from "./env.ts";
import type { SessionUser } from "./lib/http.ts";
import type { Logger } from "./lib/logger.ts";
import type { Mailer } from "./lib/mailer.ts";
import type { PaymentProvider } from "./modules/billing/payment-provider.ts";

/** Everything a request handler may use; built once per process in `createDeps`. */
export type AppDeps = {
  env: Env;
  db: Db;
  auth: Auth;
  mailer: Mailer;
  logger: Logger;
  /** Stripe when configured, else the local test-payment mode. */
  payments: PaymentProvider;
  /** The clock, injectable so tests can move through months. */
  now: () => Date;
};

export type AppContext = {
  Variables: {
    deps: AppDeps;
    requestId: string;
    sessionUser: SessionUser | null | undefined;
  };
};
