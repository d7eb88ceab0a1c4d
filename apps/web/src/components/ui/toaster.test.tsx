import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { TOAST_DURATION_MS } from "./toast.tsx";
import { Toaster } from "./toaster.tsx";
import { toast } from "./use-toast.ts";

describe("Toaster", () => {
  it("shows one toast at a time: a new toast replaces the previous one", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Upload successful", description: "Your resume has been uploaded successfully." });
    });
    expect(screen.getByText("Upload successful")).toBeTruthy();

    act(() => {
      toast({ title: "Analysis Failed", description: "Please sign in to continue.", variant: "destructive" });
    });
    expect(screen.queryByText("Upload successful")).toBeNull();
    expect(screen.getByText("Analysis Failed")).toBeTruthy();
    expect(screen.getByText("Please sign in to continue.")).toBeTruthy();
  });

  it("closes a toast after 5 seconds", () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => {
      toast({ title: "Profile Updated" });
    });
    expect(TOAST_DURATION_MS).toBe(5000);
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 100));
    expect(screen.getByText("Profile Updated")).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText("Profile Updated")).toBeNull();
  });

  it("moves focus to the notifications viewport with F8", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Export Successful" });
    });
    expect(document.activeElement).toBe(document.body);
    fireEvent.keyDown(document, { key: "F8", code: "F8" });
    const viewport = screen.getByRole("region", { name: /Notifications \(F8\)/ });
    expect(viewport.contains(document.activeElement)).toBe(true);
  });

  it("closes a toast from its close button", async () => {
    const user = userEvent.setup();
    render(<Toaster />);
    act(() => {
      toast({ title: "Download Invoice" });
    });
    await user.click(screen.getByRole("button", { name: "Close notification" }));
    expect(screen.queryByText("Download Invoice")).toBeNull();
  });
});
