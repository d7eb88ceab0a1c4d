import { ZSyncUser } from "@resumelens/contract";
import { Hono } from "hono";
import type { AppContext } from "../../app-context.ts";
import { readJson, requireUser } from "../../lib/http.ts";
import { getAuthUser, syncUser } from "./users.service.ts";

/** Our additions under /api/auth, mounted before Better Auth's catch-all handler. */
export const usersRoutes = new Hono<AppContext>()
  .get("/api/auth/user", async (c) => {
    const { userId } = await requireUser(c);
    const { db, now } = c.get("deps");
    return c.json(await getAuthUser({ db, userId, now: now() }));
  })
  .post("/api/auth/sync-user", async (c) => {
    const session = await requireUser(c);
    const payload = await readJson(c, ZSyncUser);
    const { db, now } = c.get("deps");
    await syncUser({ db, session, payload, now: now() });
    return c.json({ success: true });
  });
