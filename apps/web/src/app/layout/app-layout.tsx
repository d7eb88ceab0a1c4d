import { Suspense } from "react";
import { Outlet } from "react-router";
import { PageErrorBoundary } from "../../components/error-boundary.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { SiteFooter } from "./site-footer.tsx";
import { SiteHeader } from "./site-header.tsx";

// A full viewport tall, so the footer stays below the fold while a page's code loads instead of
// being pushed down (a layout shift) when the page arrives.
function PageFallback() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner label="Loading page" className="[&_svg]:size-8" />
    </div>
  );
}

/** Skip link, header, main landmark and footer around every page. */
export function AppLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-3 focus:px-4 focus:py-2 focus:shadow-elevated"
      >
        Skip to main content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        {/* Inside <main>: a page that crashes leaves the header, its navigation and the footer working. */}
        <PageErrorBoundary>
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <SiteFooter />
    </div>
  );
}
