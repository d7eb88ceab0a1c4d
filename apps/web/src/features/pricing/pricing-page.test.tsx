import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, TEST_USER } from "../../test/fake-fetch.ts";
import { renderApp } from "../../test/render-app.tsx";

function meWith(subscription: "free" | "lifetime") {
  return () =>
    json({
      id: TEST_USER.id,
      email: TEST_USER.email,
      emailVerified: true,
      user_metadata: { first_name: "Jane", last_name: "Doe" },
      subscription,
      usageCount: 1,
      maxUsage: subscription === "lifetime" ? 999 : 3,
      providers: ["credential"],
    });
}

describe("pricing page", () => {
  it("lists both plans and sends visitors to /auth", async () => {
    renderApp({ path: "/pricing" });
    expect(await screen.findByRole("heading", { level: 2, name: "Free" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Lifetime" })).toBeTruthy();
    expect(screen.getByText("3 resume analyses per month")).toBeTruthy();
    // Every plan exports PDFs; Lifetime sells only what it adds (the server's one limit, the trend).
    const card = (name: string) =>
      screen.getByRole("heading", { level: 2, name }).closest(".relative") as HTMLElement;
    expect(within(card("Free")).getByText("PDF and ZIP export of your reports")).toBeTruthy();
    expect(within(card("Lifetime")).queryByText(/PDF/)).toBeNull();
    expect(within(card("Lifetime")).queryByText(/Advanced recommendations|Priority email/)).toBeNull();
    expect(within(card("Lifetime")).getByText("Unlimited analyses")).toBeTruthy();
    expect(within(card("Lifetime")).getByText("Score trends in your analysis history")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Get Started Free" }).getAttribute("href")).toBe("/auth");
    expect(screen.getByRole("link", { name: "Get Lifetime Access" }).getAttribute("href")).toBe("/auth");
    expect(screen.getByText(/No hidden fees/)).toBeTruthy();
    expect(screen.getByText(/No credit card needed for the Free plan/)).toBeTruthy();
    expect(screen.getAllByRole("link", { name: "Back to home" })[0]?.getAttribute("href")).toBe("/");
  });

  it("marks Free as the current plan and offers the upgrade to a free user", async () => {
    const { user } = renderApp({
      path: "/pricing",
      signedInAs: TEST_USER,
      routes: {
        "GET /api/auth/user": meWith("free"),
        // The checkout starts a payment on arrival; it never answers here.
        "POST /api/create-payment-intent": () => new Promise<Response>(() => {}),
      },
    });
    const current = await screen.findByRole("button", { name: "Current Plan" });
    expect((current as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole("button", { name: "Switch to Free" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Upgrade to Lifetime" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/checkout"));
  });

  it("marks Lifetime as the current plan; 'Switch to Free' only goes home", async () => {
    const { user, server } = renderApp({
      path: "/pricing",
      signedInAs: TEST_USER,
      routes: { "GET /api/auth/user": meWith("lifetime") },
    });
    await waitFor(() => expect(screen.getByRole("button", { name: "Switch to Free" })).toBeTruthy());
    expect((screen.getByRole("button", { name: "Current Plan" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole("button", { name: "Upgrade to Lifetime" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Switch to Free" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/"));
    expect(server.requests.filter((r) => r.method !== "GET" && r.path !== "/api/auth/sync-user")).toEqual([]);
  });
});
