import { act, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { HEADLINE_INTERVAL_MS, HEADLINE_PHRASES, RotatingHeadline } from "./rotating-headline.tsx";

function phrase() {
  return screen.getByTestId("headline-phrase").textContent;
}

describe("RotatingHeadline", () => {
  it("moves to the next phrase every 3000 ms and wraps around", () => {
    vi.useFakeTimers();
    render(<RotatingHeadline />);
    expect(HEADLINE_INTERVAL_MS).toBe(3000);
    expect(phrase()).toBe("career story");

    act(() => vi.advanceTimersByTime(2999));
    expect(phrase()).toBe("career story");
    act(() => vi.advanceTimersByTime(1));
    expect(phrase()).toBe("resume impact");

    act(() => vi.advanceTimersByTime(3000 * (HEADLINE_PHRASES.length - 1)));
    expect(phrase()).toBe("career story");
  });

  it("announces changes politely from a heading", () => {
    render(<RotatingHeadline />);
    const heading = screen.getByRole("heading", { level: 1 });
    expect(heading.textContent).toBe("Strengthen your career story");
    expect(screen.getByTestId("headline-phrase").parentElement?.getAttribute("aria-live")).toBe("polite");
  });

  it("stays still when the user prefers reduced motion", () => {
    vi.useFakeTimers();
    vi.stubGlobal("matchMedia", (query: string) => ({
      matches: query.includes("prefers-reduced-motion"),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    render(<RotatingHeadline />);
    act(() => vi.advanceTimersByTime(9000));
    expect(phrase()).toBe("career story");
  });
});
