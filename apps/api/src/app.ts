import { OpenAPIHono } from "@hono/zod-openapi";
import { containsNulCharacter, NUL_CHARACTER_MESSAGE } from "@resumelens/contract";
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { ZodError } from "zod";
import type { AppContext, AppDeps } from "./app-context.ts";
import { trustedOrigins } from "./auth/auth.ts";
import { authGuard, credentialsRequired } from "./auth/auth-guard.ts";
import { AppError, STATUS_BY_CODE } from "./lib/errors.ts";
import { inFlightPerSession } from "./lib/in-flight.ts";
import { errorFields } from "./lib/logger.ts";
import { BODY_NOT_JSON_MESSAGE, serveOpenApiDocument, validationHook } from "./lib/openapi.ts";
import { originGuard, securityHeaders } from "./lib/security.ts";
import { mountSpa } from "./lib/spa.ts";
import { accountRoutes } from "./modules/account/account.routes.ts";
import { analysesRoutes } from "./modules/analyses/analyses.routes.ts";
import { billingRoutes } from "./modules/billing/billing.routes.ts";
import { careerRoutes } from "./modules/career/career.routes.ts";
import { comparisonsRoutes } from "./modules/comparisons/comparisons.routes.ts";
import { documentsRoutes, UPLOAD_RESUME_PATH } from "./modules/documents/documents.routes.ts";
import { exportsRoutes } from "./modules/exports/exports.routes.ts";
import { LINKEDIN_IMPORT_PATH, linkedinRoutes } from "./modules/linkedin/linkedin.routes.ts";
import { systemRoutes } from "./modules/system/system.routes.ts";
import { usersRoutes } from "./modules/users/users.routes.ts";

/** JSON bodies are small; uploads have their own, larger limit on their own route. */
const JSON_BODY_LIMIT = 256 * 1024;
/** Upload routes: exempt from the JSON body limit, each limits its own body (documents/upload-http.ts). */
const UPLOAD_PATHS: ReadonlySet<string> = new Set([UPLOAD_RESUME_PATH, LINKEDIN_IMPORT_PATH]);

/**
 * No NUL character reaches a handler, ours or Better Auth's: PostgreSQL can neither store nor
 * compare text holding one and answers with an error (a 500 where a 400 is due). Checked in the
 * address (path parameters, query) and in JSON bodies (after the body limit). The webhook's body
 * is Stripe's and only read through its signature.
 */
const refuseNulCharacters: MiddlewareHandler<AppContext> = async (c, next) => {
  if (c.req.url.includes("%00")) throw new AppError("BAD_REQUEST", NUL_CHARACTER_MESSAGE);
  const json = /^application\/([\w.+-]*\+)?json\b/i.test(c.req.header("content-type") ?? "");
  if (json && c.req.raw.body !== null && !c.req.path.startsWith("/api/webhooks/")) {
    let body: unknown;
    try {
      body = JSON.parse(await c.req.raw.clone().text());
    } catch {
      return next(); // not JSON after all: the route's own parsing answers
    }
    if (containsNulCharacter(body)) throw new AppError("BAD_REQUEST", NUL_CHARACTER_MESSAGE);
  }
  return next();
};

/** The answer while the database cannot make writes durable (a failed fsync: fail-stop). */
export const DATABASE_UNAVAILABLE_MESSAGE =
  "ResumeLens cannot save your data right now. Please try again later.";

/** Builds the whole HTTP application. It never listens: server.ts does, tests call app.request(). */
export function createApp(deps: AppDeps, options: { serveWeb?: boolean } = {}) {
  const app = new OpenAPIHono<AppContext>({ defaultHook: validationHook });

  app.use("*", async (c, next) => {
    const requestId = c.req.header("x-request-id")?.slice(0, 64) || crypto.randomUUID();
    c.set("deps", deps);
    c.set("requestId", requestId);
    c.set("sessionUser", undefined);
    const started = performance.now();
    await next();
    c.header("X-Request-Id", requestId);
    if (c.req.path.startsWith("/api/")) {
      deps.logger.info("request", {
        requestId,
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      });
    }
  });
  app.use("*", securityHeaders);
  // No answer before the writes it acknowledges are on disk (an analysis, a payment, an account
  // change, a renewed session on a page load): on SQLite the WAL's fsync runs off the request
  // thread (db/sqlite-durability.ts). If the disk fails, nothing more is acknowledged.
  app.use("*", async (c, next) => {
    await next();
    try {
      await deps.db.durable();
    } catch (error) {
      deps.logger.error("database sync failed", { requestId: c.get("requestId"), ...errorFields(error) });
      throw new AppError("UNAVAILABLE", DATABASE_UNAVAILABLE_MESSAGE);
    }
  });
  // API answers are personal (or errors about a person's request): no browser or proxy may keep
  // them. A route that sets its own policy (downloads: private, no-store) keeps it.
  app.use("/api/*", async (c, next) => {
    await next();
    if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "private, no-store");
  });
  app.use("/api/*", originGuard(trustedOrigins(deps.env), ["/api/webhooks/"]));
  app.use("/api/*", inFlightPerSession());
  const jsonBodyLimit = bodyLimit({
    maxSize: JSON_BODY_LIMIT,
    onError: () => {
      throw new AppError("PAYLOAD_TOO_LARGE", "The request is too large.");
    },
  });
  app.use("/api/*", (c, next) => (UPLOAD_PATHS.has(c.req.path) ? next() : jsonBodyLimit(c, next)));
  app.use("/api/*", refuseNulCharacters);
  app.use("/api/auth/*", credentialsRequired, authGuard());
  app.route("/", systemRoutes);
  app.route("/", usersRoutes);
  app.route("/", documentsRoutes);
  app.route("/", exportsRoutes);
  app.route("/", analysesRoutes);
  app.route("/", comparisonsRoutes);
  app.route("/", billingRoutes);
  app.route("/", careerRoutes);
  app.route("/", linkedinRoutes);
  app.route("/", accountRoutes);
  serveOpenApiDocument(app);
  app.on(["GET", "POST"], "/api/auth/*", (c) => deps.auth.handler(c.req.raw));
  app.all("/api/*", () => {
    throw new AppError("NOT_FOUND", "No such API endpoint.");
  });

  if (options.serveWeb) mountSpa(app, deps.env.WEB_DIST_DIR);

  app.onError((error, c) => {
    if (error instanceof AppError) {
      if (error.code === "UNAVAILABLE") c.header("Retry-After", "5");
      if (error.retryAfterSeconds !== undefined) c.header("Retry-After", String(error.retryAfterSeconds));
      return c.json({ error: { code: error.code, message: error.message } }, STATUS_BY_CODE[error.code]);
    }
    // The validators of our route definitions refuse a body that is not JSON (malformed: 400, sent
    // as another media type: 415) with Hono's exception: answered with our shape and our text.
    if (error instanceof HTTPException && (error.status === 400 || error.status === 415)) {
      const code = error.status === 415 ? "UNSUPPORTED_MEDIA_TYPE" : "BAD_REQUEST";
      return c.json({ error: { code, message: BODY_NOT_JSON_MESSAGE } }, error.status);
    }
    if (error instanceof ZodError) {
      return c.json(
        { error: { code: "BAD_REQUEST", message: error.issues[0]?.message ?? "Invalid request." } },
        400,
      );
    }
    deps.logger.error("unhandled error", {
      requestId: c.get("requestId"),
      path: c.req.path,
      ...errorFields(error),
    });
    return c.json(
      { error: { code: "INTERNAL", message: "Something went wrong on our side. Please try again." } },
      500,
    );
  });
  app.notFound((c) => c.json({ error: { code: "NOT_FOUND", message: "Not found" } }, 404));

  return app;
}
