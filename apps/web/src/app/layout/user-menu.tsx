import { ChevronDown, CreditCard, History, LogOut, Settings } from "lucide-react";
import { Link } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu.tsx";
import { useAuth } from "../../lib/auth/auth-provider.tsx";

/**
 * The menu's display name (docs/product.md#navigation): the part of the email before the at-sign, or 'User'.
 */
export function emailLocalPart(email: string | null | undefined): string {
  const local = email?.split("@")[0];
  return local ? local : "User";
}

/** Signed-in user menu: name and email, History, Settings, Billing, Log out. Loaded lazily. */
export default function UserMenu() {
  const { user, signOut } = useAuth();
  const displayName = emailLocalPart(user?.email);
  const email = user?.email || "No email";

  async function logOut() {
    try {
      await signOut();
    } catch (err) {
      // Logout failures are logged only (docs/product.md#navigation).
      console.error("Failed to sign out:", err);
    }
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        {/* The name comes from the content, so it always contains the visible text (WCAG 2.5.3). */}
        <Button variant="ghost" className="gap-2 px-2 sm:px-3">
          <span className="sr-only">{`Account menu: ${displayName}`}</span>
          <span
            aria-hidden="true"
            className="flex size-8 items-center justify-center rounded-full bg-primary-soft text-sm font-semibold uppercase text-primary-soft-foreground"
          >
            {displayName.charAt(0)}
          </span>
          <span aria-hidden="true" className="hidden max-w-40 truncate sm:inline">
            {displayName}
          </span>
          <ChevronDown aria-hidden="true" className="text-muted-foreground" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <span className="block truncate font-medium">{displayName}</span>
          <span className="block truncate text-xs font-normal text-muted-foreground">{email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          <DropdownMenuItem asChild>
            <Link to="/history">
              <History aria-hidden="true" />
              History
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to="/settings">
              <Settings aria-hidden="true" />
              Settings
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link to="/billing">
              <CreditCard aria-hidden="true" />
              Billing
            </Link>
          </DropdownMenuItem>
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void logOut()}>
          <LogOut aria-hidden="true" />
          Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
