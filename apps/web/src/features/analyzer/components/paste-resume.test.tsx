import { TEXT_RESUME_MAX } from "@resumelens/contract";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { expectConsoleError } from "../../../test/console.ts";
import { json, type RouteHandler } from "../../../test/fake-fetch.ts";
import { renderApp } from "../../../test/render-app.tsx";
import type { UploadedResume } from "../api/upload-resume.ts";
import { PasteResume } from "./paste-resume.tsx";

function Harness({ onCreated }: { onCreated: (resume: UploadedResume) => void }) {
  const [text, setText] = useState("");
  return <PasteResume value={text} onValueChange={setText} onCreated={onCreated} />;
}

function renderPaste(create: RouteHandler) {
  const onCreated = vi.fn();
  const result = renderApp({
    children: <Harness onCreated={onCreated} />,
    routes: { "POST /api/create-text-resume": create },
  });
  return {
    ...result,
    onCreated,
    field: screen.getByLabelText("Resume text") as HTMLTextAreaElement,
    button: () => screen.getByRole("button", { name: "Use Text Resume" }) as HTMLButtonElement,
    creates: () => result.server.requestsTo("POST", "/api/create-text-resume"),
  };
}

describe("PasteResume", () => {
  it("enables 'Use Text Resume' only from 100 trimmed characters, counting live", async () => {
    const { user, field, button } = renderPaste(() => json({ id: 1 }));
    expect(screen.getByText("(minimum 100 characters)")).toBeTruthy();
    expect(screen.getByText(/^0 characters/)).toBeTruthy();
    expect(button().disabled).toBe(true);

    await user.click(field);
    await user.paste(`   ${"a".repeat(99)}   `);
    expect(screen.getByText(/^99 characters/)).toBeTruthy();
    expect(button().disabled).toBe(true);

    await user.clear(field);
    await user.paste(`\n ${"a".repeat(100)} \n`);
    expect(screen.getByText(/^100 characters/)).toBeTruthy();
    expect(button().disabled).toBe(false);

    // The API's upper bound (contract) holds too.
    fireEvent.change(field, { target: { value: "a".repeat(TEXT_RESUME_MAX + 1) } });
    expect(button().disabled).toBe(true);
  });

  it("posts the trimmed text and hands back a resume named 'Text Resume'", async () => {
    const { user, field, button, onCreated, creates } = renderPaste(() => json({ id: 77 }));
    const text = "Jane Doe, software engineer. ".repeat(5);
    await user.click(field);
    await user.paste(`\n${text}\n`);
    await user.click(button());

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith({ id: 77, filename: "Text Resume" }));
    expect(creates()).toHaveLength(1);
    expect(creates()[0]?.body).toEqual({ content: text.trim() });
    expect(creates()[0]?.credentials).toBe("include");
    expect(screen.getByRole("status").textContent).toBe("Text resume ready");

    await user.type(field, "x");
    expect(screen.getByRole("status").textContent).toBe("");
  });

  it("only logs a failure, shows no toast and lets the user retry", async () => {
    let fail = true;
    const { user, field, button, onCreated, creates } = renderPaste(() =>
      fail ? json({ error: { code: "INTERNAL", message: "boom" } }, { status: 500 }) : json({ id: 8 }),
    );
    await user.click(field);
    await user.paste("x".repeat(120));
    await user.click(button());

    await waitFor(() => expect(creates()).toHaveLength(1));
    await waitFor(() => expect(button().disabled).toBe(false));
    expectConsoleError("Failed to create text resume:");
    expect(onCreated).not.toHaveBeenCalled();
    expect(screen.queryByText("boom")).toBeNull();

    fail = false;
    await user.click(button());
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith({ id: 8, filename: "Text Resume" }));
  });
});
