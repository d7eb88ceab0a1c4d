import { useEffect, useState } from "react";

/** The rotating phrases and their interval (docs/product.md#landing). */
export const HEADLINE_PHRASES = [
  "career story",
  "resume impact",
  "job prospects",
  "interview chances",
  "career trajectory",
] as const;
export const HEADLINE_INTERVAL_MS = 3000;

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches
  );
}

/**
 * "Strengthen your <phrase>", the phrase changing every 3 s. It stays still for people who ask for
 * reduced motion, and pauses while hovered so it can be read.
 */
export function RotatingHeadline({ id, className }: { id?: string; className?: string }) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(prefersReducedMotion);

  useEffect(() => {
    if (typeof window.matchMedia !== "function") return;
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    const onChange = () => setReducedMotion(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);

  useEffect(() => {
    if (reducedMotion || paused) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % HEADLINE_PHRASES.length), HEADLINE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [reducedMotion, paused]);

  const phrase = HEADLINE_PHRASES[index] ?? HEADLINE_PHRASES[0];

  return (
    <h1
      id={id}
      className={className}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
    >
      Strengthen your{" "}
      <span aria-live="polite" className="block">
        <span
          key={phrase}
          data-testid="headline-phrase"
          className="inline-block animate-fade-in bg-gradient-to-r from-indigo-600 to-violet-700 bg-clip-text pb-1 text-transparent"
        >
          {phrase}
        </span>
      </span>
    </h1>
  );
}
