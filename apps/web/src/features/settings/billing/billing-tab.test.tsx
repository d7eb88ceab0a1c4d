import type { TBilling } from "@resumelens/contract";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { json, TEST_USER } from "../../../test/fake-fetch.ts";
import { renderApp } from "../../../test/render-app.tsx";

const FREE: TBilling = {
  subscription: "free",
  purchasedAt: null,
  currentMonth: { analyses: 2, maxAnalyses: 3 },
  payments: [],
};

function renderTab(billing: TBilling) {
  return renderApp({
    path: "/settings?tab=billing",
    signedInAs: TEST_USER,
    routes: { "GET /api/billing": () => json(billing) },
  });
}

describe("Settings → Billing", () => {
  it("shows the current plan, this month's usage and the upgrade for a free user", async () => {
    renderTab(FREE);
    expect(await screen.findByRole("tab", { name: "Billing", selected: true })).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "Current Plan" })).toBeTruthy();
    expect(screen.getByText("2 / 3")).toBeTruthy();
    expect(screen.getByText("1 analysis remaining this month")).toBeTruthy();

    expect(
      screen.getByRole("link", { name: /Billing history, receipts and invoices/ }).getAttribute("href"),
    ).toBe("/billing");
    await userEvent.click(screen.getByRole("button", { name: "Upgrade" }));
    const dialog = await screen.findByRole("dialog", { name: "Choose Your Plan" });
    expect(within(dialog).getByRole("button", { name: "Upgrade to Lifetime" })).toBeTruthy();
  });

  it("has no upgrade for a lifetime user", async () => {
    renderTab({ ...FREE, subscription: "lifetime", currentMonth: { analyses: 9, maxAnalyses: 999 } });
    expect(await screen.findByText("Unlimited usage")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Upgrade" })).toBeNull();
  });
});
