import { type TSocialProvider, ZSyncUser } from "@resumelens/contract";
import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import type { AppContext } from "../../app-context.ts";
import { confirmSocialEmail, SOCIAL_SIGNUP_COOKIE } from "../../auth/social-signup.ts";
import { readJson, requireUser } from "../../lib/http.ts";
import { getAuthUser, syncUser } from "./users.service.ts";

/** Our additions under /api/auth, mounted before Better Auth's catch-all handler. */
export const usersRoutes = new Hono<AppContext>()
  .get("/api/auth/user", async (c) => {
    const { userId } = await requireUser(c);
    const { db, now } = c.get("deps");
    return c.json(await getAuthUser({ db, userId, now: now() }));
  })
  // The link mailed when a provider did not vouch for a new account's email: confirms it for the
  // browser that signed in, then restarts that provider's sign-in, which now creates the account.
  .get("/api/auth/social-signup/confirm", async (c) => {
    const { auth } = c.get("deps");
    const result = await confirmSocialEmail({
      store: (await auth.$context).internalAdapter,
      token: c.req.query("token") ?? "",
      binding: getCookie(c, SOCIAL_SIGNUP_COOKIE),
    });
    if (!result.ok) return c.redirect(result.location, 302);
    const started = await auth.api.signInSocial({
      body: {
        provider: result.providerId as TSocialProvider,
        callbackURL: "/",
        errorCallbackURL: "/auth",
        newUserCallbackURL: "/",
      },
      headers: c.req.raw.headers,
      asResponse: true,
    });
    const { url } = (await started.json()) as { url?: string };
    const response = c.redirect(url ?? "/auth", 302);
    for (const cookie of started.headers.getSetCookie()) response.headers.append("Set-Cookie", cookie);
    return response;
  })
  .post("/api/auth/sync-user", async (c) => {
    const session = await requireUser(c);
    const payload = await readJson(c, ZSyncUser);
    const { db, now } = c.get("deps");
    await syncUser({ db, session, payload, now: now() });
    return c.json({ success: true });
  });
