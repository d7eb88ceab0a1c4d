import type { Context } from "hono";
import type { AppContext } from "../app-context.ts";

export type SessionUser = { userId: string; email: string; emailVerified: boolean };

/** The signed-in user, from the session cookie only (never from x-user-* headers). */
export async function currentUser<E extends AppContext>(c: Context<E>): Promise<SessionUser | null> {
  const cached = c.get("sessionUser");
  if (cached !== undefined) return cached;
  // An API route cannot hand Better Auth's renewed cookie to the browser, so it never renews the
  // session: the app shell and /api/auth/get-session do, with the cookie (see lib/spa.ts).
  const session = await c.get("deps").auth.api.getSession({
    headers: c.req.raw.headers,
    query: { disableRefresh: true },
  });
  const user = session
    ? { userId: session.user.id, email: session.user.email, emailVerified: session.user.emailVerified }
    : null;
  c.set("sessionUser", user);
  return user;
}

/** The client's address: the socket's, or the first X-Forwarded-For hop when TRUST_PROXY is set. */
export function clientIp<E extends AppContext>(c: Context<E>): string {
  if (c.get("deps").env.TRUST_PROXY) {
    const forwarded = c.req.header("x-forwarded-for")?.split(",")[0]?.trim();
    if (forwarded) return forwarded;
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? "unknown";
}

/**
 * A file download: private, never cached, never sniffed. Bytes are copied into an ArrayBuffer of
 * their own (what Response's BodyInit accepts in every lib), which costs nothing at these sizes.
 */
export function attachment(body: Uint8Array | string, contentType: string, filename: string): Response {
  const bytes = typeof body === "string" ? new TextEncoder().encode(body) : new Uint8Array(body);
  return new Response(bytes, {
    status: 200,
    headers: {
      "Content-Type": contentType,
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
