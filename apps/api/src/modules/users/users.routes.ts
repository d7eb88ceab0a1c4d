import { type TSocialProvider, ZSyncUser } from "@resumelens/contract";
import { getCookie } from "hono/cookie";
import { z } from "zod";
import { confirmSocialEmail, SOCIAL_SIGNUP_COOKIE } from "../../auth/social-signup.ts";
import { apiRouter, jsonBody, privateRoute, publicRoute } from "../../lib/openapi.ts";
import { getAuthUser, syncUser } from "./users.service.ts";

/** Our additions under /api/auth, mounted before Better Auth's catch-all handler. */
export const usersRoutes = apiRouter()
  .openapi(
    privateRoute({
      method: "get",
      path: "/api/auth/user",
      summary: "The signed-in user with plan and usage",
      responses: { 200: { description: "The user" } },
    }),
    async (c) => {
      const { db, now } = c.get("deps");
      return c.json(await getAuthUser({ db, userId: c.var.user.userId, now: now() }));
    },
  )
  // The link mailed when a provider did not vouch for a new account's email: confirms it for the
  // browser that signed in, then restarts that provider's sign-in, which now creates the account.
  .openapi(
    publicRoute({
      method: "get",
      path: "/api/auth/social-signup/confirm",
      summary: "Confirm a social sign-up's email (the mailed link), then continue the sign-in",
      // Any token is looked up as given, however malformed: a wrong one redirects like an expired one.
      request: { query: z.object({ token: z.string().optional() }) },
      responses: { 302: { description: "Redirect to the provider, or back to the app" } },
    }),
    async (c) => {
      const { auth } = c.get("deps");
      const result = await confirmSocialEmail({
        store: (await auth.$context).internalAdapter,
        token: c.req.valid("query").token ?? "",
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
    },
  )
  .openapi(
    privateRoute({
      method: "post",
      path: "/api/auth/sync-user",
      summary: "Save the signed-in user's profile fields after sign-in",
      request: { body: jsonBody(ZSyncUser) },
      responses: { 200: { description: "Saved" } },
    }),
    async (c) => {
      const payload = c.req.valid("json");
      const { db, now } = c.get("deps");
      await syncUser({ db, session: c.var.user, payload, now: now() });
      return c.json({ success: true });
    },
  );
