import { lazy, Suspense } from "react";
import { Link, NavLink } from "react-router";
import { Logo } from "../../components/brand/logo.tsx";
import { Button, buttonClasses } from "../../components/ui/button.tsx";
import { useAuth } from "../../lib/auth/auth-provider.tsx";
import { cn } from "../../lib/cn.ts";
import { useFirstPaintDone } from "../../lib/first-paint.ts";
import { loadChunk } from "../../lib/lazy-page.ts";

// Only signed-in users see the menu: keep its dropdown code out of the landing bundle.
const UserMenu = lazy(() => loadChunk(() => import("./user-menu.tsx")));

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-muted hover:text-foreground",
    isActive ? "text-foreground" : "text-muted-foreground",
  );

/**
 * Stands in for the menu's trigger while its code loads, at the same size (avatar, name and chevron
 * width), so the header does not shift when the menu arrives.
 */
function UserMenuPlaceholder({ email }: { email: string | null | undefined }) {
  const displayName = email?.split("@")[0] || "User";
  return (
    <span aria-hidden="true" className={buttonClasses({ variant: "ghost", className: "gap-2 px-2 sm:px-3" })}>
      <span className="flex size-8 items-center justify-center rounded-full bg-primary-soft text-sm font-semibold uppercase text-primary-soft-foreground">
        {displayName.charAt(0)}
      </span>
      <span className="hidden max-w-40 truncate sm:inline">{displayName}</span>
      <span className="size-4" />
    </span>
  );
}

export function SiteHeader() {
  const { isAuthenticated, user } = useAuth();
  // The menu's code is not needed to paint the page: it loads just after.
  const painted = useFirstPaintDone();
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
            <Suspense fallback={<UserMenuPlaceholder email={user?.email} />}>
              {painted ? <UserMenu /> : <UserMenuPlaceholder email={user?.email} />}
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
