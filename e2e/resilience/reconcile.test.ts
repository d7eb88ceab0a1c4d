import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StripeFake, startStripeFake } from "../../apps/api/test/stripe-fake.ts";
import { freePort } from "../support/server.ts";
import { type AppProcess, type Client, signUp, spawnApp } from "./process.ts";

/*
 * A payment is never left paid while its buyer stays free across a kill -9: at start-up the server
 * re-reads every recent unfulfilled payment from its provider and fulfils the succeeded ones, once.
 * Runs the production bundle, killed with SIGKILL and restarted on the same data.
 */

type Billing = {
  subscription: string;
  payments: { id: string; status: string; paidAt: string | null; receiptNumber: string | null }[];
};

async function billing(client: Client): Promise<Billing> {
  const response = await client.request("/api/billing");
  expect(response.status).toBe(200);
  return (await response.json()) as Billing;
}

async function startCheckout(client: Client): Promise<string> {
  const response = await client.post("/api/create-payment-intent", { amount: 10 });
  expect(response.status).toBe(200);
  return ((await response.json()) as { paymentIntentId: string }).paymentIntentId;
}

async function kill(app: AppProcess) {
  app.child.kill("SIGKILL");
  await app.exited;
}

describe("payments after kill -9", () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "resumelens-reconcile-"));
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("test-payment mode: a payment charged but not fulfilled when the process died is fulfilled at start-up, once", async () => {
    const dir = path.join(dataDir, "test-mode");
    const port = await freePort();
    let app = await spawnApp({ port, dataDir: dir });
    try {
      const client = await signUp(app.baseUrl, dir, `reconcile-test-${Date.now()}@example.com`);
      const paymentId = await startCheckout(client);
      await kill(app);

      // What the kill left between the card network's yes and the grant: a paid row, a free plan.
      const sqlite = new Database(path.join(dir, "resumelens.db"));
      sqlite.prepare("update payment set status = 'succeeded' where id = ?").run(paymentId);
      sqlite.close();

      app = await spawnApp({ port, dataDir: dir });
      const after = await billing(client);
      expect(after.subscription, app.logs()).toBe("lifetime");
      expect(after.payments).toHaveLength(1);
      expect(after.payments[0]).toMatchObject({ id: paymentId, status: "succeeded" });
      expect(after.payments[0]?.receiptNumber).toBeTruthy();

      // Another crash and start-up: the same payment, the same receipt, nothing counted twice.
      await kill(app);
      app = await spawnApp({ port, dataDir: dir });
      expect(await billing(client)).toEqual(after);
    } finally {
      await kill(app);
    }
  });

  describe("Stripe", () => {
    const KEYS = {
      STRIPE_SECRET_KEY: "sk_test_resumelens_fake_0123456789",
      STRIPE_PUBLISHABLE_KEY: "pk_test_resumelens_fake_0123456789",
      STRIPE_WEBHOOK_SECRET: "whsec_resumelens_fake_0123456789",
    };
    let stripe: StripeFake;
    const saved: Record<string, string | undefined> = {};
    beforeAll(async () => {
      stripe = await startStripeFake({
        secretKey: KEYS.STRIPE_SECRET_KEY,
        publishableKey: KEYS.STRIPE_PUBLISHABLE_KEY,
      });
      // spawnApp hands the test process's environment to the server.
      for (const [key, value] of Object.entries({ ...KEYS, STRIPE_API_URL: stripe.url })) {
        saved[key] = process.env[key];
        process.env[key] = value;
      }
    });
    afterAll(async () => {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
      await stripe?.close();
    });

    it("an intent paid at Stripe while the server was down grants Lifetime at start-up, once", async () => {
      const dir = path.join(dataDir, "stripe");
      const port = await freePort();
      let app = await spawnApp({ port, dataDir: dir });
      try {
        const client = await signUp(app.baseUrl, dir, `reconcile-stripe-${Date.now()}@example.com`);
        const paymentId = await startCheckout(client);
        await kill(app);
        // The customer's card goes through at Stripe; the webhook finds nobody listening.
        expect(stripe.pay(paymentId).status).toBe(200);

        app = await spawnApp({ port, dataDir: dir });
        const after = await billing(client);
        expect(after.subscription, app.logs()).toBe("lifetime");
        expect(after.payments.map((p) => [p.id, p.status])).toEqual([[paymentId, "succeeded"]]);

        await kill(app);
        app = await spawnApp({ port, dataDir: dir });
        expect(await billing(client)).toEqual(after);
        expect(stripe.creations).toBe(1);
      } finally {
        await kill(app);
      }
    });
  });
});
