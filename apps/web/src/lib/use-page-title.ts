import { useEffect } from "react";

/** Sets the document title so each screen is identifiable in tabs, history and screen readers. */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} · ResumeLens` : "ResumeLens";
  }, [title]);
}
