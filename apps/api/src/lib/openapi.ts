import { createRoute, type Hook, OpenAPIHono, type RouteConfig } from "@hono/zod-openapi";
import { ERROR_CODES, type TErrorCode, ZApiError } from "@resumelens/contract";
import type { MiddlewareHandler } from "hono";
import type { ZodType } from "zod";
import type { AppContext } from "../app-context.ts";
import { type AuthedContext, requireAuth, requireSession } from "../auth/require-auth.ts";
import { AppError } from "./errors.ts";

/*
 * Every route of our API is declared once, with createRoute: the same declaration validates the
 * request (path parameters, query, headers, JSON body, from the contract's schemas) and describes
 * it in GET /api/openapi.json. See docs/decisions/2026-11-27-api-middleware.md.
 */

/** The name of the session cookie's security scheme in the OpenAPI document. */
export const SESSION_SECURITY = "session";

function isErrorCode(value: unknown): value is TErrorCode {
  return typeof value === "string" && (ERROR_CODES as readonly string[]).includes(value);
}

/**
 * A request that fails its schema answers like every other error (`{ error: { code, message } }`),
 * with the first issue's message: the schemas carry the product's texts (docs/product.md#messages). A schema
 * may ask for another
 * code than 400 with the issue's `params.code` (an id no record can have is a 404, as it always was).
 */
export const validationHook: Hook<unknown, AppContext, string, unknown> = (result) => {
  if (result.success) return;
  const issue = result.error.issues[0];
  const params = issue && "params" in issue ? (issue.params as { code?: unknown } | undefined) : undefined;
  throw new AppError(
    isErrorCode(params?.code) ? params.code : "BAD_REQUEST",
    issue?.message ?? "Invalid request.",
  );
};

/** A router of API routes: OpenAPI-described, validation failures answered by validationHook. */
export function apiRouter() {
  return new OpenAPIHono<AppContext>({ defaultHook: validationHook });
}

const ERROR_RESPONSE = {
  description: "An error: `{ error: { code, message } }`, the message safe to show.",
  content: { "application/json": { schema: ZApiError } },
};

/** A required JSON request body validated by `schema` (a contract schema) before the handler runs. */
export function jsonBody<S extends ZodType>(schema: S) {
  return { required: true, content: { "application/json": { schema } } } as const;
}

/** A route anyone may call (no session needed). */
export function publicRoute<R extends RouteConfig>(config: R) {
  return createRoute({
    ...config,
    responses: { ...config.responses, default: ERROR_RESPONSE },
  });
}

/**
 * A route for signed-in users: requireAuth runs first (401 before validation or any other work) and
 * hands the handler a typed `c.var.user`; the route's own middlewares (an upload's limits) follow it.
 */
export function privateRoute<R extends Omit<RouteConfig, "middleware">>(
  config: R,
  after: MiddlewareHandler<AuthedContext>[] = [],
) {
  return createRoute({
    ...config,
    middleware: [requireAuth, ...after] as [typeof requireAuth],
    security: [{ [SESSION_SECURITY]: [] }],
    responses: { ...config.responses, default: ERROR_RESPONSE },
  });
}

/** privateRoute for handlers that need the request's session too (`c.var.session`, requireSession). */
export function sessionRoute<R extends Omit<RouteConfig, "middleware">>(config: R) {
  return createRoute({
    ...config,
    middleware: [requireSession] as [typeof requireSession],
    security: [{ [SESSION_SECURITY]: [] }],
    responses: { ...config.responses, default: ERROR_RESPONSE },
  });
}

/** Where the API describes itself. */
export const OPENAPI_PATH = "/api/openapi.json";

/** Said when a JSON route's body is not JSON (unreadable, or sent as another media type). */
export const BODY_NOT_JSON_MESSAGE = "The request body must be JSON.";

/**
 * Serves the OpenAPI 3.1 document of every route declared on `app` (and on the routers it mounts),
 * itself included: built from the same definitions that validate requests, so it cannot drift.
 */
export function serveOpenApiDocument(app: OpenAPIHono<AppContext>): void {
  app.openAPIRegistry.registerComponent("securitySchemes", SESSION_SECURITY, {
    type: "apiKey",
    in: "cookie",
    name: "resumelens.session_token",
    description:
      "Better Auth's session cookie (`__Secure-` prefixed over HTTPS), set by /api/auth/sign-in/*.",
  });
  app.openapi(
    publicRoute({
      method: "get",
      path: OPENAPI_PATH,
      summary: "This description of the API (OpenAPI 3.1)",
      responses: { 200: { description: "The OpenAPI document" } },
    }),
    (c) =>
      c.json(
        app.getOpenAPI31Document({
          openapi: "3.1.0",
          info: {
            title: "ResumeLens API",
            version: "1",
            description:
              "Every route of our API. Better Auth's own endpoints under /api/auth/ (sign-in, sign-up, sessions, two-factor) are not listed here.",
          },
        }),
      ),
  );
}
