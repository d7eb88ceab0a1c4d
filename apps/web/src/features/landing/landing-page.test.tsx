import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../test/render-app.tsx";

describe("landing page", () => {
  it("links its calls to action to /auth and /pricing", async () => {
    renderApp({ path: "/" });
    expect((await screen.findByRole("link", { name: "Start analyzing for free" })).getAttribute("href")).toBe(
      "/auth",
    );
    expect(screen.getByRole("link", { name: "View pricing" }).getAttribute("href")).toBe("/pricing");
    expect(screen.getByRole("link", { name: "Get Started Free" }).getAttribute("href")).toBe("/auth");
    expect(screen.getByRole("link", { name: "Get Lifetime Access" }).getAttribute("href")).toBe("/auth");
  });

  it("has nine feature cards, three steps and three clearly labelled sample testimonials", async () => {
    renderApp({ path: "/" });
    const features = await screen.findByRole("region", { name: "Everything your resume review needs" });
    expect(within(features).getAllByRole("listitem")).toHaveLength(9);
    const steps = screen.getByRole("region", { name: "Three steps to a stronger application" });
    expect(within(steps).getAllByRole("listitem")).toHaveLength(3);
    const testimonials = screen.getByRole("region", { name: "The kind of feedback we aim for" });
    expect(within(testimonials).getAllByRole("listitem")).toHaveLength(3);
    expect(within(testimonials).getAllByText("Sample testimonial")).toHaveLength(3);
  });

  it("shows the plans' prices", async () => {
    renderApp({ path: "/" });
    const pricing = await screen.findByRole("region", { name: "Start free, upgrade once" });
    expect(within(pricing).getByText("$0")).toBeTruthy();
    expect(within(pricing).getByText("/month")).toBeTruthy();
    expect(within(pricing).getByText("$10")).toBeTruthy();
    expect(within(pricing).getByText("one-time")).toBeTruthy();
    expect(within(pricing).getByText("3 analyses per month")).toBeTruthy();
    expect(within(pricing).getByText("Unlimited analyses, forever")).toBeTruthy();
  });

  it("sells each plan only what it gets: the PDF under Free, no PDF or 'advanced' perks under Lifetime", async () => {
    renderApp({ path: "/" });
    const pricing = await screen.findByRole("region", { name: "Start free, upgrade once" });
    expect(within(pricing).getByText("PDF and ZIP export of your reports")).toBeTruthy();
    expect(within(pricing).queryByText(/^PDF export$|Advanced recommendations|Priority email/)).toBeNull();
    expect(within(pricing).getByText("Score trends in your analysis history")).toBeTruthy();
  });
});
