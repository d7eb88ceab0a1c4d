import { MESSAGES } from "@resumelens/contract";
import { SearchX } from "lucide-react";
import { Link } from "react-router";
import { usePageTitle } from "../lib/use-page-title.ts";
import { Button } from "./ui/button.tsx";

export function NotFoundPage() {
  usePageTitle("Page not found");
  return (
    <div className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-16 text-center">
      <span className="mb-6 flex size-14 items-center justify-center rounded-full bg-primary-soft text-primary">
        <SearchX aria-hidden="true" className="size-7" />
      </span>
      <h1 className="text-3xl font-bold sm:text-4xl">{MESSAGES.notFoundPage}</h1>
      <p className="mt-3 text-muted-foreground">The page you're looking for doesn't exist or has moved.</p>
      <Button asChild className="mt-8">
        <Link to="/">Back to home</Link>
      </Button>
    </div>
  );
}
