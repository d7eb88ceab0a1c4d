import type { TBilling, TPayment, TPaymentOutcome } from "@resumelens/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ChoosePlanDialog } from "../../components/billing/choose-plan-dialog.tsx";
import { json, type Routes, TEST_USER } from "../../test/fake-fetch.ts";
import { renderApp } from "../../test/render-app.tsx";

const FREE: TBilling = {
  subscription: "free",
  purchasedAt: null,
  currentMonth: { analyses: 1, maxAnalyses: 3 },
  payments: [],
};

const PAYMENT: TPayment = {
  id: "pay_1",
  createdAt: "2025-06-01T10:00:00.000Z",
  paidAt: "2025-06-01T10:01:00.000Z",
  description: "ResumeLens Lifetime Access",
  amountCents: 1000,
  currency: "usd",
  status: "succeeded",
  failureMessage: null,
  receiptNumber: "RL-0001",
};

const LIFETIME: TBilling = {
  subscription: "lifetime",
  purchasedAt: "2025-06-01T10:01:00.000Z",
  currentMonth: { analyses: 7, maxAnalyses: 999 },
  payments: [PAYMENT],
};

function renderBilling({
  billing = FREE,
  path = "/billing",
  routes = {},
}: {
  billing?: TBilling;
  path?: string;
  routes?: Routes;
} = {}) {
  return renderApp({
    path,
    signedInAs: TEST_USER,
    routes: { "GET /api/billing": () => json(billing), ...routes },
  });
}

async function findToast(title: string): Promise<HTMLElement> {
  const region = await screen.findByRole("region", { name: /Notifications/ });
  const [titleEl] = await within(region).findAllByText(title);
  const toast = titleEl?.closest("[data-variant]");
  if (!(toast instanceof HTMLElement)) throw new Error(`No toast around "${title}"`);
  return toast;
}

function card(heading: string): HTMLElement {
  const el = screen.getByRole("heading", { level: 2, name: heading }).closest(".rounded-card");
  if (!(el instanceof HTMLElement)) throw new Error(`No card for "${heading}"`);
  return el;
}

let clicked: HTMLAnchorElement[] = [];

beforeEach(() => {
  clicked = [];
  // jsdom has no blob URLs and would try to navigate on a download link: capture the click instead.
  URL.createObjectURL = vi.fn(() => "blob:invoice");
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("billing page, free user", () => {
  it("shows the plan, the usage, the upgrade card and an empty history", async () => {
    renderBilling();
    expect(await screen.findByRole("heading", { level: 1, name: "Billing" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to home" }).getAttribute("href")).toBe("/");

    const plan = await screen.findByRole("heading", { level: 2, name: "Current Plan" });
    const planCard = card("Current Plan");
    expect(plan).toBeTruthy();
    expect(planCard.textContent).toContain("$0");
    expect(planCard.textContent).toContain("/month");
    expect(within(planCard).getByText("3 analyses per month")).toBeTruthy();
    expect(within(planCard).getByText("PDF export")).toBeTruthy();
    expect(within(planCard).getByText("Basic support")).toBeTruthy();

    const usage = card("Usage this month");
    expect(within(usage).getByTestId("usage-count").textContent).toBe("1 / 3");
    expect(within(usage).getByText("Resets monthly")).toBeTruthy();
    expect(within(usage).getByText("2 analyses remaining this month")).toBeTruthy();
    const bar = within(usage).getByRole("progressbar", { name: "Analyses used this month" });
    expect(bar.getAttribute("aria-valuemax")).toBe("3");

    expect(screen.getByRole("button", { name: "Upgrade" })).toBeTruthy();
    expect(within(card("Billing history")).getByText("No billing history")).toBeTruthy();
  });

  it("opens 'Choose Your Plan'; Free is current, Lifetime goes to /checkout", async () => {
    const { user } = renderBilling({
      routes: {
        // The checkout it lands on reads the plan and starts a payment.
        "GET /api/auth/user": () => json(null, { status: 401 }),
        "POST /api/create-payment-intent": () => new Promise<Response>(() => {}),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Upgrade" }));
    const dialog = await screen.findByRole("dialog", { name: "Choose Your Plan" });
    expect(within(dialog).getByRole("heading", { name: "Free" })).toBeTruthy();
    expect(within(dialog).getByRole("heading", { name: "Lifetime" })).toBeTruthy();
    expect((within(dialog).getByRole("button", { name: "Current Plan" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(within(dialog).queryByRole("button", { name: "Switch to Free" })).toBeNull();

    await user.click(within(dialog).getByRole("button", { name: "Upgrade to Lifetime" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/checkout"));
  });

  it("downloads the invoice under the server's file name and says so", async () => {
    const { user, server } = renderBilling({
      routes: {
        "GET /api/billing/invoice": () =>
          new Response("Invoice: Free plan, $0.00", {
            status: 200,
            headers: {
              "Content-Type": "text/plain; charset=utf-8",
              "Content-Disposition": 'attachment; filename="resumelens-invoice-2025-06.txt"',
            },
          }),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Download Invoice" }));
    const toast = await findToast("Download Invoice");
    expect(toast.getAttribute("data-variant")).toBe("default");
    expect(toast.textContent).toContain("Your invoice has been downloaded.");
    expect(server.requestsTo("GET", "/api/billing/invoice")).toHaveLength(1);
    expect(server.requestsTo("GET", "/api/billing/invoice")[0]?.credentials).toBe("include");
    expect(clicked.map((a) => a.download)).toEqual(["resumelens-invoice-2025-06.txt"]);
  });

  it("reports a failed invoice download", async () => {
    const { user } = renderBilling({
      routes: {
        "GET /api/billing/invoice": () =>
          json({ error: { code: "INTERNAL", message: "Something went wrong." } }, { status: 500 }),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Download Invoice" }));
    const toast = await findToast("Download Failed");
    expect(toast.getAttribute("data-variant")).toBe("destructive");
    expect(toast.textContent).toContain("Something went wrong.");
    expect(clicked).toHaveLength(0);
  });

  it("offers a support email with the account email and plan", async () => {
    renderBilling();
    const link = await screen.findByRole("link", { name: "Contact Support" });
    const href = link.getAttribute("href") ?? "";
    expect(href).toMatch(/^mailto:support@resumelens\.app\?subject=/);
    const body = decodeURIComponent(new URL(href).searchParams.get("body") ?? "");
    expect(body).toContain(`Account email: ${TEST_USER.email}`);
    expect(body).toContain("Plan: Free");
  });

  it("shows an error when the billing details cannot be read", async () => {
    renderBilling({
      routes: {
        "GET /api/billing": () => json({ error: { code: "INTERNAL", message: "x" } }, { status: 500 }),
      },
    });
    expect(await screen.findByRole("alert")).toBeTruthy();
    expect(screen.getByText("Could not load your billing details")).toBeTruthy();
  });
});

describe("billing page, lifetime user", () => {
  it("shows Lifetime, unlimited usage, no upgrade and the paid history with its receipt", async () => {
    renderBilling({ billing: LIFETIME });
    await screen.findByRole("heading", { level: 2, name: "Current Plan" });
    const planCard = card("Current Plan");
    expect(planCard.textContent).toContain("$10");
    expect(planCard.textContent).toContain("one-time");
    expect(within(planCard).getByText("Unlimited analyses")).toBeTruthy();
    expect(within(planCard).getByText("Priority support")).toBeTruthy();
    expect(within(planCard).getByText("Score trends in your analysis history")).toBeTruthy();
    expect(planCard.textContent).toContain("Purchased on June 1, 2025");

    const usage = card("Usage this month");
    expect(within(usage).getByText("Unlimited usage")).toBeTruthy();
    expect(within(usage).getByTestId("usage-count").textContent).toBe("7 / Unlimited");
    expect(within(usage).queryByText(/remaining this month/)).toBeNull();
    // Unlimited is drawn against 50 (docs/product.md#billing-page).
    expect(within(usage).getByRole("progressbar").getAttribute("aria-valuemax")).toBe("50");

    expect(screen.queryByRole("button", { name: "Upgrade" })).toBeNull();

    const rows = within(screen.getByRole("list", { name: "Payments" })).getAllByRole("listitem");
    expect(rows).toHaveLength(1);
    const row = rows[0] as HTMLElement;
    expect(row.textContent).toContain("ResumeLens Lifetime Access");
    expect(row.textContent).toContain("$10.00");
    expect(row.textContent).toContain("Paid");
    const receipt = within(row).getByRole("link", { name: /^Receipt/ });
    expect(receipt.getAttribute("href")).toBe("/api/billing/receipts/pay_1");
    expect(receipt.hasAttribute("download")).toBe(true);

    const support = screen.getByRole("link", { name: "Contact Support" }).getAttribute("href") ?? "";
    expect(decodeURIComponent(support)).toContain("Plan: Lifetime");
  });

  it("shows no receipt for a failed payment, and its reason", async () => {
    renderBilling({
      billing: {
        ...FREE,
        payments: [
          {
            ...PAYMENT,
            id: "pay_2",
            paidAt: null,
            status: "failed",
            failureMessage: "Your card was declined.",
            receiptNumber: null,
          },
        ],
      },
    });
    const [row] = within(await screen.findByRole("list", { name: "Payments" })).getAllByRole("listitem");
    expect(row?.textContent).toContain("Failed");
    expect(row?.textContent).toContain("Your card was declined.");
    expect(within(row as HTMLElement).queryByRole("link", { name: /^Receipt/ })).toBeNull();
  });
});

describe("billing page, back from the card provider", () => {
  function outcome(status: TPaymentOutcome["status"], message: string | null = null): TPaymentOutcome {
    return { status, subscription: status === "succeeded" ? "lifetime" : "free", message };
  }

  it("confirms the payment once, cleans the URL and welcomes the user", async () => {
    let billing = FREE;
    const { server } = renderBilling({
      path: "/billing?payment_intent=pi_123&payment_intent_client_secret=pi_123_secret_x&redirect_status=succeeded",
      routes: {
        "GET /api/billing": () => json(billing),
        "POST /api/billing/confirm": () => {
          billing = LIFETIME;
          return json(outcome("succeeded"));
        },
      },
    });
    const toast = await findToast("Payment Successful");
    expect(toast.textContent).toContain("Welcome to Lifetime Access!");
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/billing"));
    await waitFor(() => expect(screen.getByText("Unlimited usage")).toBeTruthy());
    const confirms = server.requestsTo("POST", "/api/billing/confirm");
    expect(confirms).toHaveLength(1);
    expect(confirms[0]?.body).toEqual({ paymentIntentId: "pi_123" });
  });

  it("says the payment failed with the server's message", async () => {
    const { server } = renderBilling({
      path: "/billing?payment_intent=pi_9&redirect_status=failed",
      routes: {
        "POST /api/billing/confirm": () => json(outcome("failed", "Your card was declined.")),
      },
    });
    const toast = await findToast("Payment Failed");
    expect(toast.getAttribute("data-variant")).toBe("destructive");
    expect(toast.textContent).toContain("Your card was declined.");
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/billing"));
    expect(server.requestsTo("POST", "/api/billing/confirm")).toHaveLength(1);
  });

  it("does not confirm anything on an ordinary visit", async () => {
    const { server } = renderBilling();
    await screen.findByRole("heading", { level: 2, name: "Current Plan" });
    expect(server.requestsTo("POST", "/api/billing/confirm")).toHaveLength(0);
  });
});

describe("Choose Your Plan dialog", () => {
  it("offers a Lifetime user 'Switch to Free', which only closes the dialog", async () => {
    const onOpenChange = vi.fn();
    const { user, server } = renderApp({
      path: "/billing",
      children: <ChoosePlanDialog open onOpenChange={onOpenChange} currentPlan="lifetime" />,
    });
    const dialog = await screen.findByRole("dialog", { name: "Choose Your Plan" });
    expect((within(dialog).getByRole("button", { name: "Current Plan" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(within(dialog).queryByRole("button", { name: "Upgrade to Lifetime" })).toBeNull();
    // True to the plans: PDF export is Free's too, so it is not sold as a Lifetime perk.
    const lifetimeCard = within(dialog).getByRole("heading", { name: "Lifetime" }).closest(".relative");
    expect(lifetimeCard?.textContent).not.toMatch(/PDF|Advanced recommendations|Priority email/);
    expect(lifetimeCard?.textContent).toContain("Unlimited analyses");
    expect(within(dialog).getByText("PDF and ZIP export of your reports")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Switch to Free" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.getByTestId("location").textContent).toBe("/billing");
    expect(server.requests.filter((r) => r.method !== "GET")).toEqual([]);
  });
});
