import { screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { json } from "../../../test/fake-fetch.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { NO_RESUME } from "../api/upload-resume.ts";
import { ResumeStep } from "./resume-step.tsx";

function Harness() {
  const [resume, setResume] = useState(NO_RESUME);
  const [text, setText] = useState("");
  return (
    <ResumeStep resume={resume} onResumeChange={setResume} resumeText={text} onResumeTextChange={setText} />
  );
}

describe("ResumeStep", () => {
  it("offers 'Upload File' (the default) and 'Paste Text' tabs", async () => {
    const { user } = renderApp({ children: <Harness /> });
    expect(screen.getByRole("heading", { level: 2, name: "Upload Your Resume" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Upload File", selected: true })).toBeTruthy();
    expect(screen.getByText("Drop your resume here")).toBeTruthy();

    await user.click(screen.getByRole("tab", { name: "Paste Text" }));
    expect(screen.getByLabelText("Resume text")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Use Text Resume" })).toBeTruthy();
    expect(screen.queryByText("Drop your resume here")).toBeNull();
  });

  it("keeps the pasted text across tab switches and takes a created text resume as the resume", async () => {
    const { user } = renderApp({
      children: <Harness />,
      routes: { "POST /api/create-text-resume": () => json({ id: 12 }) },
    });
    await user.click(screen.getByRole("tab", { name: "Paste Text" }));
    await user.click(screen.getByLabelText("Resume text"));
    await user.paste("r".repeat(150));
    await user.click(screen.getByRole("tab", { name: "Upload File" }));
    await user.click(screen.getByRole("tab", { name: "Paste Text" }));
    expect((screen.getByLabelText("Resume text") as HTMLTextAreaElement).value).toBe("r".repeat(150));

    await user.click(screen.getByRole("button", { name: "Use Text Resume" }));
    await waitFor(() => expect(screen.getByText("Text resume ready")).toBeTruthy());
    await user.click(screen.getByRole("tab", { name: "Upload File" }));
    expect(screen.getByText("Text Resume")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Remove file" })).toBeTruthy();
  });
});
