import type { MiddlewareHandler } from "hono";
import type { AppContext } from "../app-context.ts";
import { AppError } from "./errors.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests that a browser sent from another site. Browsers always send
 * Origin on cross-origin POSTs, and Sec-Fetch-Site when they know it; a request with neither comes
 * from a non-browser client, which cannot ride on a victim's cookies.
 */
export function originGuard(
  allowedOrigins: string[],
  exemptPaths: string[] = [],
): MiddlewareHandler<AppContext> {
  const allowed = new Set(allowedOrigins);
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || exemptPaths.some((path) => c.req.path.startsWith(path)))
      return next();
    const origin = c.req.header("origin");
    if (origin !== undefined) {
      if (!allowed.has(origin)) throw new AppError("FORBIDDEN", "Cross-origin requests are not allowed.");
      return next();
    }
    if (c.req.header("sec-fetch-site") === "cross-site") {
      throw new AppError("FORBIDDEN", "Cross-origin requests are not allowed.");
    }
    return next();
  };
}

/** Security headers for every response: a strict CSP without inline script, no sniffing, no framing. */
export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  const headers = c.res.headers;
  headers.set(
    "Content-Security-Policy",
    [
      "default-src 'self'",
      "script-src 'self' https://js.stripe.com",
      // Radix positions popovers with inline style attributes.
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self' data:",
      "connect-src 'self' https://api.stripe.com",
      "frame-src https://js.stripe.com https://hooks.stripe.com",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "object-src 'none'",
    ].join("; "),
  );
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  if (new URL(c.req.url).protocol === "https:") {
    headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  }
};
