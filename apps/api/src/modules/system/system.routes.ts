import type { TAppConfig } from "@resumelens/contract";
import { Hono } from "hono";
import { sql } from "kysely";
import type { AppContext } from "../../app-context.ts";
import { configuredSocialProviders, OIDC_PROVIDER_ID } from "../../auth/auth.ts";

export const systemRoutes = new Hono<AppContext>()
  .get("/api/health", async (c) => {
    const { db, logger } = c.get("deps");
    try {
      await sql`select 1`.execute(db.kysely);
      // A database that can no longer sync to disk is not healthy either.
      await db.durable();
      return c.json({ status: "ok", database: db.kind });
    } catch (error) {
      logger.error("health check failed", { error: error instanceof Error ? error.message : String(error) });
      return c.json({ status: "error", database: db.kind }, 503);
    }
  })
  .get("/api/config", (c) => {
    const { env } = c.get("deps");
    const config: TAppConfig = {
      socialProviders: configuredSocialProviders(env),
      oidcProvider: env.OIDC_ISSUER ? OIDC_PROVIDER_ID : null,
      supportEmail: env.SUPPORT_EMAIL,
      paymentMode: env.STRIPE_SECRET_KEY ? "stripe" : "test",
      stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null,
    };
    return c.json(config);
  });
