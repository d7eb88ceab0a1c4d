import { lazy, Suspense } from "react";
import { Link, NavLink } from "react-router";
import { Logo } from "../../components/brand/logo.tsx";
import { Button } from "../../components/ui/button.tsx";
import { useAuth } from "../../features/auth/auth-provider.tsx";
import { cn } from "../../lib/cn.ts";

// Only signed-in users see the menu: keep its dropdown code out of the landing bundle.
const UserMenu = lazy(() => import("./user-menu.tsx"));

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-muted hover:text-foreground",
    isActive ? "text-foreground" : "text-muted-foreground",
  );

export function SiteHeader() {
  const { isAuthenticated } = useAuth();
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:px-6">
        <Link to="/" className="rounded-md" aria-label="ResumeLens home">
          <Logo />
        </Link>
        <nav aria-label="Main" className="flex items-center gap-1 sm:gap-2">
          <NavLink to="/pricing" className={navLinkClass}>
            Pricing
          </NavLink>
          {isAuthenticated ? (
            <Suspense fallback={<span className="size-10" aria-hidden="true" />}>
              <UserMenu />
            </Suspense>
          ) : (
            <Button asChild size="sm">
              <Link to="/auth">Sign In</Link>
            </Button>
          )}
        </nav>
      </div>
    </header>
  );
}
