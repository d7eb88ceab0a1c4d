import { Construction } from "lucide-react";
import type { ReactNode } from "react";
import { usePageTitle } from "../lib/use-page-title.ts";

export type PlaceholderPageProps = {
  title: string;
  description?: string;
  children?: ReactNode;
};

/**
 * The frame of a screen whose feature is not built yet. It says so plainly and offers nothing
 * that would pretend to work.
 */
export function PlaceholderPage({ title, description, children }: PlaceholderPageProps) {
  usePageTitle(title);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      {children}
      <h1 className="text-3xl font-bold sm:text-4xl">{title}</h1>
      {description ? <p className="mt-3 max-w-2xl text-lg text-muted-foreground">{description}</p> : null}
      <div
        role="note"
        className="mt-8 flex items-start gap-3 rounded-card border border-dashed border-input bg-surface p-6 text-muted-foreground"
      >
        <Construction aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <p>This part of ResumeLens is being built.</p>
      </div>
    </div>
  );
}
