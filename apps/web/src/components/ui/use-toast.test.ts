import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { TOAST_LIMIT, TOAST_REMOVE_DELAY, toast, useToast } from "./use-toast.ts";

describe("toast store", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("keeps one toast at a time, newest first", () => {
    const { result } = renderHook(() => useToast());
    act(() => {
      toast({ title: "First" });
      toast({ title: "Second", variant: "destructive" });
    });
    expect(TOAST_LIMIT).toBe(1);
    expect(result.current.toasts).toHaveLength(1);
    expect(result.current.toasts[0]).toMatchObject({ title: "Second", variant: "destructive", open: true });
  });

  it("closes a dismissed toast and removes it after TOAST_REMOVE_DELAY", () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useToast());
    act(() => {
      toast({ title: "Saved" }).dismiss();
    });
    expect(result.current.toasts[0]?.open).toBe(false);

    act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1));
    expect(result.current.toasts).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.toasts).toHaveLength(0);
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
  });
});
