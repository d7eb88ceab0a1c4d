import { CircleAlert, RotateCcw } from "lucide-react";
import type { ReactNode } from "react";
import { ErrorBoundary, type FallbackProps } from "react-error-boundary";
import { useLocation } from "react-router";
import { ChunkLoadError } from "../lib/lazy-page.ts";
import { page } from "../lib/reload-page.ts";
import { Alert } from "./ui/alert.tsx";
import { Button, buttonClasses } from "./ui/button.tsx";

/*
 * Two levels of error boundary (docs/decisions/2026-11-27-web-errors.md). The page boundary sits
 * inside the layout's <main>: a page that throws while rendering shows a notice there, while the
 * header, its navigation and the footer keep working. The app boundary is the last resort for
 * everything else (a provider, the header itself). A page or part whose code failed to load (a
 * deploy replaced the chunk the open tab asks for) cannot be fixed by rendering again: both offer
 * a full reload instead, which fetches the current version. The texts are ours; the spec has none.
 */

const STALE_TEXT = "A newer version of ResumeLens is available. Reload the page to continue.";

function AppFallback({ error }: FallbackProps) {
  const stale = error instanceof ChunkLoadError;
  return (
    <div role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <CircleAlert aria-hidden="true" className="size-10 text-destructive" />
      <h1 className="font-semibold text-2xl">
        {stale ? "ResumeLens has been updated" : "Something went wrong"}
      </h1>
      <p className="max-w-md text-muted-foreground">
        {stale ? STALE_TEXT : "ResumeLens hit an unexpected error. Reloading the page usually fixes it."}
      </p>
      <div className="flex flex-wrap justify-center gap-3">
        <Button onClick={() => page.reload()}>
          <RotateCcw aria-hidden="true" />
          Reload page
        </Button>
        {/* A plain link, not the router's: the router may be what failed. */}
        <a href="/" className={buttonClasses({ variant: "outline" })}>
          Go to the home page
        </a>
      </div>
    </div>
  );
}

/** The last-resort boundary around the whole app: a friendly full screen instead of a blank page. */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary FallbackComponent={AppFallback}>{children}</ErrorBoundary>;
}

function PageFallback({ error, resetErrorBoundary }: FallbackProps) {
  const stale = error instanceof ChunkLoadError;
  return (
    <div className="container mx-auto max-w-2xl px-4 py-16">
      <Alert
        variant="destructive"
        title={stale ? "This page could not be loaded" : "This page could not be shown"}
      >
        <p>{stale ? STALE_TEXT : "Something went wrong while showing this page. Please try again."}</p>
        <div className="mt-3">
          {stale ? (
            <Button size="sm" onClick={() => page.reload()}>
              <RotateCcw aria-hidden="true" />
              Reload page
            </Button>
          ) : (
            <Button size="sm" variant="outline" onClick={resetErrorBoundary}>
              <RotateCcw aria-hidden="true" />
              Try again
            </Button>
          )}
        </div>
      </Alert>
    </div>
  );
}

/**
 * One boundary per page: "Try again" renders the page afresh, and moving to another address
 * resets it on its own (resetKeys), so the navigation in the header always leads somewhere.
 */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary FallbackComponent={PageFallback} resetKeys={[pathname]}>
      {children}
    </ErrorBoundary>
  );
}
