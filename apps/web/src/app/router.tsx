import { useMemo } from "react";
import { Navigate, Outlet, Route, Routes, useLocation } from "react-router";
import { NotFoundPage } from "../components/not-found-page.tsx";
import { FullPageSpinner } from "../components/ui/spinner.tsx";
import { LandingPage } from "../features/landing/landing-page.tsx";
import { useAuth } from "../lib/auth/auth-provider.tsx";
import { type ReturnState, returnPathOf } from "../lib/auth/return-to.ts";
import { type LazyPage, lazyPage } from "../lib/lazy-page.ts";
import { AnalysisPage } from "./analysis-route.ts";
import { AppLayout } from "./layout/app-layout.tsx";

// The landing page is the entry point; everything else loads on demand to keep it small.
const AuthPage = lazyPage(() =>
  import("../features/auth/components/auth-page.tsx").then((m) => ({ default: m.AuthPage })),
);
const ForgotPasswordPage = lazyPage(() =>
  import("../features/auth/components/forgot-password-page.tsx").then((m) => ({
    default: m.ForgotPasswordPage,
  })),
);
const ResetPasswordPage = lazyPage(() =>
  import("../features/auth/components/reset-password-page.tsx").then((m) => ({
    default: m.ResetPasswordPage,
  })),
);
const AnalyzerPage = lazyPage(() => import("../features/analyzer/analyzer-page.tsx"));

/** Pages anyone may open. */
const PUBLIC_PAGES: Record<string, LazyPage> = {
  pricing: lazyPage(() => import("../features/pricing/pricing-page.tsx")),
  privacy: lazyPage(() => import("../features/legal/privacy-page.tsx")),
  about: lazyPage(() => import("../features/legal/about-page.tsx")),
};
/** Pages for signed-in users; visitors are sent to /auth. */
const PRIVATE_PAGES: Record<string, LazyPage> = {
  history: lazyPage(() => import("../features/history/history-page.tsx")),
  settings: lazyPage(() => import("../features/settings/settings-page.tsx")),
  billing: lazyPage(() => import("../features/billing/billing-page.tsx")),
  checkout: lazyPage(() => import("../features/checkout/checkout-page.tsx")),
};
const ANALYSIS_PATH = /^\/analysis\/\d+\/?$/;
/** A multi-posting comparison (docs/product.md#multi-posting), signed in only. */
const ComparisonPage = lazyPage(() => import("../features/comparison/comparison-page.tsx"));
const COMPARISON_PATH = /^\/compare\/\d+\/?$/;

/**
 * The on-demand page a path shows, for a signed-in user or a visitor; null for pages in the entry
 * bundle (landing, 404) and for paths that redirect.
 */
export function pageFor(pathname: string, signedIn: boolean): LazyPage | null {
  const segment = pathname.replace(/^\/+|\/+$/g, "");
  if (segment === "") return signedIn ? AnalyzerPage : null;
  if (segment === "auth") return signedIn ? null : AuthPage;
  if (segment === "auth/forgot-password") return signedIn ? null : ForgotPasswordPage;
  if (segment === "auth/reset-password") return ResetPasswordPage;
  const publicPage = PUBLIC_PAGES[segment];
  if (publicPage) return publicPage;
  if (!signedIn) return null;
  if (ANALYSIS_PATH.test(pathname)) return AnalysisPage;
  if (COMPARISON_PATH.test(pathname)) return ComparisonPage;
  return PRIVATE_PAGES[segment] ?? null;
}

/**
 * Loads the code of the page a path shows. The app awaits it before its first render when the page
 * said who is signed in, so the first screen appears whole instead of after a loading spinner.
 * A failed load is left to the render, which retries it.
 */
export function preloadRoute(pathname: string, signedIn: boolean): Promise<void> {
  return (
    pageFor(pathname, signedIn)
      ?.preload()
      .catch(() => undefined) ?? Promise.resolve()
  );
}

/**
 * Signed-in users only; visitors go to /auth, which remembers the page they asked for (in history
 * state, so the address stays /auth and a reload keeps it) and returns them there once signed in.
 */
function RequireAuth() {
  const { isAuthenticated } = useAuth();
  const location = useLocation();
  const from = `${location.pathname}${location.search}${location.hash}`;
  // One state object per path: <Navigate> navigates again whenever its state prop changes identity,
  // which would undo the sign-out's own navigation to "/".
  const state = useMemo<ReturnState>(() => ({ from }), [from]);
  if (!isAuthenticated) return <Navigate to="/auth" replace state={state} />;
  return <Outlet />;
}

/** Visitors only; signed-in users go to the page they asked for before signing in, else to /. */
function AnonymousOnly() {
  const { isAuthenticated } = useAuth();
  const location = useLocation();
  if (isAuthenticated) return <Navigate to={returnPathOf(location)} replace />;
  return <Outlet />;
}

/** "/": the landing page for visitors, the analyzer for signed-in users. */
function Home() {
  const { isAuthenticated } = useAuth();
  return isAuthenticated ? <AnalyzerPage /> : <LandingPage />;
}

/**
 * The route table (docs/product.md#routes-and-screens). Nothing renders until the first session check is
 * done.
 */
export function AppRoutes() {
  const { isLoading } = useAuth();
  if (isLoading) return <FullPageSpinner />;
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<Home />} />
        <Route element={<AnonymousOnly />}>
          <Route path="auth" element={<AuthPage />} />
          <Route path="auth/forgot-password" element={<ForgotPasswordPage />} />
        </Route>
        {/* Open signed in too: the link may be opened anywhere, and the reset ends every session. */}
        <Route path="auth/reset-password" element={<ResetPasswordPage />} />
        {Object.entries(PUBLIC_PAGES).map(([path, Page]) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        <Route element={<RequireAuth />}>
          {Object.entries(PRIVATE_PAGES).map(([path, Page]) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          <Route path="analysis/:id" element={<AnalysisPage />} />
          <Route path="compare/:id" element={<ComparisonPage />} />
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
