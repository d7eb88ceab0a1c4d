import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TEST_USER } from "../../test/fake-fetch.ts";
import { renderApp } from "../../test/render-app.tsx";

describe("analyzer page", () => {
  it("shows step 1 and says plainly that the rest is being built", async () => {
    renderApp({ signedInAs: TEST_USER });
    expect(await screen.findByRole("heading", { level: 1, name: "Resume Analyzer" })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: "Upload Your Resume" })).toBeTruthy();
    expect(screen.getByText("Drop your resume here")).toBeTruthy();
    expect(screen.getByRole("note").textContent).toContain("being built");
    expect(screen.queryByRole("button", { name: /Analyze/ })).toBeNull();
  });
});
