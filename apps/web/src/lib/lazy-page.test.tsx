import { render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { describe, expect, it, vi } from "vitest";
import { ChunkLoadError, lazyPage } from "./lazy-page.ts";

const Fallback = () => <p>loading</p>;

describe("lazyPage", () => {
  it("renders a preloaded page directly, without suspending", async () => {
    const load = vi.fn(async () => ({ default: () => <h1>Ready</h1> }));
    const Page = lazyPage(load);
    await Page.preload();
    render(
      <Suspense fallback={<Fallback />}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByRole("heading", { name: "Ready" })).toBeTruthy();
    expect(screen.queryByText("loading")).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("suspends like React.lazy when not preloaded, and loads the module once", async () => {
    const load = vi.fn(async () => ({ default: () => <h1>Later</h1> }));
    const Page = lazyPage(load);
    render(
      <Suspense fallback={<Fallback />}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText("loading")).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "Later" })).toBeTruthy();
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("tries again after a failed load", async () => {
    const load = vi
      .fn<() => Promise<{ default: () => React.JSX.Element }>>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValue({ default: () => <h1>Back</h1> });
    const Page = lazyPage(load);
    const failure = Page.preload();
    await expect(failure).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(failure).rejects.toMatchObject({ cause: new Error("offline") });
    await Page.preload();
    render(<Page />);
    expect(screen.getByRole("heading", { name: "Back" })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
