import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";

/** The 'Back to home' link at the top of the secondary pages. */
export function BackLink({ to = "/", children = "Back to home" }: { to?: string; children?: string }) {
  return (
    <Link
      to={to}
      className="mb-6 inline-flex items-center gap-1.5 rounded text-sm font-medium text-muted-foreground hover:text-foreground"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}
