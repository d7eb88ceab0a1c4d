import { Link } from "react-router";
import { LogoMark } from "../../components/brand/logo.tsx";

const footerLinks = [
  { to: "/privacy", label: "Privacy" },
  { to: "/about", label: "About" },
  { to: "/pricing", label: "Pricing" },
] as const;

export function SiteFooter() {
  return (
    <footer className="border-t border-border bg-surface">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="flex items-center gap-2">
          <LogoMark className="size-6" />
          <span>
            <span className="font-semibold text-foreground">ResumeLens</span> · Honest, explainable resume
            analysis
          </span>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            {footerLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="rounded font-medium hover:text-foreground hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
