import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { afterFirstPaint, holdUntilFirstPaint, useFirstPaintDone } from "./first-paint.ts";

afterEach(() => vi.useRealTimers());

describe("the first-paint gate", () => {
  it("is open unless the entry holds it", () => {
    const callback = vi.fn();
    afterFirstPaint(callback);
    expect(callback).toHaveBeenCalledTimes(1);
    expect(renderHook(() => useFirstPaintDone()).result.current).toBe(true);
  });

  it("holds work back until the first paint, or its time limit where no paint is reported", () => {
    vi.useFakeTimers();
    holdUntilFirstPaint();
    const callback = vi.fn();
    afterFirstPaint(callback);
    const { result } = renderHook(() => useFirstPaintDone());
    expect(callback).not.toHaveBeenCalled();
    expect(result.current).toBe(false);
    // jsdom reports no paint: the time limit opens the gate.
    act(() => {
      vi.advanceTimersByTime(1500);
    });
    expect(callback).toHaveBeenCalledTimes(1);
    expect(result.current).toBe(true);
  });
});
