import type { TAppConfig } from "@resumelens/contract";
import { sql } from "kysely";
import { configuredSocialProviders, OIDC_PROVIDER_ID } from "../../auth/auth.ts";
import { apiRouter, publicRoute } from "../../lib/openapi.ts";

export const systemRoutes = apiRouter()
  .openapi(
    publicRoute({
      method: "get",
      path: "/api/health",
      summary: "Whether the API and its database work (503 when not)",
      responses: { 200: { description: "Healthy" }, 503: { description: "Unhealthy" } },
    }),
    async (c) => {
      const { db, logger } = c.get("deps");
      try {
        await sql`select 1`.execute(db.kysely);
        // A database that can no longer sync to disk is not healthy either.
        await db.durable();
        return c.json({ status: "ok", database: db.kind });
      } catch (error) {
        logger.error("health check failed", {
          error: error instanceof Error ? error.message : String(error),
        });
        return c.json({ status: "error", database: db.kind }, 503);
      }
    },
  )
  .openapi(
    publicRoute({
      method: "get",
      path: "/api/config",
      summary: "What the web app needs to know (sign-in providers, payment mode)",
      responses: { 200: { description: "The configuration" } },
    }),
    (c) => {
      const { env } = c.get("deps");
      const config: TAppConfig = {
        socialProviders: configuredSocialProviders(env),
        oidcProvider: env.OIDC_ISSUER ? OIDC_PROVIDER_ID : null,
        supportEmail: env.SUPPORT_EMAIL,
        paymentMode: env.STRIPE_SECRET_KEY ? "stripe" : "test",
        stripePublishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null,
      };
      return c.json(config);
    },
  );
