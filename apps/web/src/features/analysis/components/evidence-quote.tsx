import type { TEvidence } from "@resumelens/contract";

/** The resume line that proves a match, quoted with the section it came from. */
export function EvidenceQuote({ evidence }: { evidence: TEvidence }) {
  return (
    <p className="mt-1 text-sm text-muted-foreground">
      <q className="italic">{evidence.text}</q>
      {evidence.section ? <span className="ms-1 whitespace-nowrap">— {evidence.section}</span> : null}
    </p>
  );
}
