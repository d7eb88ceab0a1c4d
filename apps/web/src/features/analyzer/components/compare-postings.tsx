import { LIMITS, MESSAGES, type TSubscription } from "@resumelens/contract";
import { Crown, Layers, Plus, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { Button, buttonClasses } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { UPGRADE_PATH } from "./limit-notice.tsx";

/**
 * What is wrong with each posting of a comparison (docs/product.md#multi-posting), null when it is
 * fine: each needs the job description's minimum length and must differ from the ones before it.
 * Posting 1 is the analyzer's job description.
 */
export function postingProblems(postings: readonly string[]): (string | null)[] {
  const seen = new Map<string, number>();
  return postings.map((posting, index) => {
    const text = posting.trim();
    if (text.length < LIMITS.jobDescriptionMin && index === 0) {
      // Posting 1 is step 2's job description: name the field the user sees.
      return text === ""
        ? "Paste the first job posting in step 2, Job Description."
        : `The job description in step 2 needs at least ${LIMITS.jobDescriptionMin} characters (${text.length} so far).`;
    }
    if (text.length < LIMITS.jobDescriptionMin) {
      return text === ""
        ? `Paste job posting ${index + 1}.`
        : `Job posting ${index + 1} needs at least ${LIMITS.jobDescriptionMin} characters (${text.length} so far).`;
    }
    const earlier = seen.get(text);
    if (earlier !== undefined) return `Job posting ${index + 1} is the same as posting ${earlier + 1}.`;
    seen.set(text, index);
    return null;
  });
}

export type ComparePostingsProps = {
  /** The user's plan; undefined while it loads (treated as not yet known: nothing is offered). */
  plan: TSubscription | undefined;
  /** Posting 1: the job description of step 2. */
  firstPosting: string;
  /** Postings 2 and on. */
  others: string[];
  onOthersChange: (others: string[]) => void;
  /** Whether a resume is ready (uploaded or pasted). */
  hasResume: boolean;
  running: boolean;
  onCompare: (postings: string[]) => void;
};

/**
 * 'Compare several postings' (docs/product.md#multi-posting): up to five postings against the resume in
 * one run. Lifetime users add postings 2 to 5 here; Free users see what it does and the upgrade.
 */
export function ComparePostings(props: ComparePostingsProps) {
  const { plan, firstPosting, others, onOthersChange, hasResume, running, onCompare } = props;
  const [open, setOpen] = useState(false);
  const [showProblems, setShowProblems] = useState(false);
  const panelId = useId();
  const baseId = useId();
  const fields = useRef<(HTMLTextAreaElement | null)[]>([]);
  const firstProblem = useRef<HTMLParagraphElement>(null);
  // The posting to focus once its problem is on screen (after the render that shows it).
  const [focusTarget, setFocusTarget] = useState<number | null>(null);
  useEffect(() => {
    if (focusTarget === null) return;
    if (focusTarget === 0) firstProblem.current?.focus();
    else fields.current[focusTarget - 1]?.focus();
    setFocusTarget(null);
  }, [focusTarget]);
  const postings = [firstPosting, ...others];
  const problems = postingProblems(postings);
  const canAdd = postings.length < LIMITS.comparisonMaxPostings;

  function compare() {
    const first = problems.findIndex((problem) => problem !== null);
    if (first >= 0) {
      setShowProblems(true);
      setFocusTarget(first);
      return;
    }
    onCompare(postings.map((posting) => posting.trim()));
  }

  return (
    <Card data-testid="compare-postings">
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-3">
          <Layers aria-hidden="true" className="size-5 text-primary" />
          Compare several postings
          {plan !== "lifetime" ? (
            <span className="rounded-full border border-border px-2 py-0.5 text-xs font-semibold text-muted-foreground">
              Lifetime
            </span>
          ) : null}
        </CardTitle>
        <CardDescription>
          Run this resume against up to {LIMITS.comparisonMaxPostings} job postings at once and see which one
          it fits best, what each is missing, and what they all ask for.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div>
          <Button
            type="button"
            variant="outline"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((value) => !value)}
          >
            <Layers aria-hidden="true" />
            {open ? "Hide comparison" : "Compare several postings"}
          </Button>
        </div>
        {open ? (
          <div id={panelId} className="flex flex-col gap-4">
            {plan === "lifetime" ? (
              <>
                <p className="text-sm text-muted-foreground">
                  Posting 1 is the job description above. Each posting counts as one analysis.
                </p>
                {showProblems && problems[0] ? (
                  // Posting 1 lives in step 2, above this card: its problem is said here.
                  <p
                    ref={firstProblem}
                    tabIndex={-1}
                    role="alert"
                    className="text-sm font-medium text-destructive"
                  >
                    {problems[0]}
                  </p>
                ) : null}
                {others.map((posting, i) => {
                  const number = i + 2;
                  const fieldId = `${baseId}-posting-${number}`;
                  const problem = showProblems ? problems[i + 1] : null;
                  return (
                    <div key={fieldId} className="flex flex-col gap-2">
                      <div className="flex flex-wrap items-baseline justify-between gap-2">
                        <Label htmlFor={fieldId}>Job posting {number}</Label>
                        <span id={`${fieldId}-count`} className="text-sm text-muted-foreground">
                          {posting.trim().length} characters
                        </span>
                      </div>
                      <Textarea
                        id={fieldId}
                        ref={(element) => {
                          fields.current[i] = element;
                        }}
                        value={posting}
                        onChange={(event) => {
                          const next = [...others];
                          next[i] = event.currentTarget.value;
                          onOthersChange(next);
                        }}
                        maxLength={LIMITS.jobDescriptionMax}
                        disabled={running}
                        aria-invalid={problem ? true : undefined}
                        aria-describedby={`${fieldId}-count${problem ? ` ${fieldId}-problem` : ""}`}
                        placeholder="Paste another job description here..."
                        className="min-h-36"
                      />
                      {problem ? (
                        <p id={`${fieldId}-problem`} className="text-sm font-medium text-destructive">
                          {problem}
                        </p>
                      ) : null}
                      {others.length > 1 ? (
                        <div>
                          <Button
                            type="button"
                            size="sm"
                            variant="ghost"
                            disabled={running}
                            onClick={() => onOthersChange(others.filter((_, j) => j !== i))}
                          >
                            <Trash2 aria-hidden="true" />
                            Remove posting {number}
                          </Button>
                        </div>
                      ) : null}
                    </div>
                  );
                })}
                <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
                  <Button
                    type="button"
                    variant="outline"
                    disabled={!canAdd || running}
                    onClick={() => onOthersChange([...others, ""])}
                  >
                    <Plus aria-hidden="true" />
                    Add another posting
                  </Button>
                  <Button type="button" disabled={!hasResume || running} onClick={compare}>
                    <Layers aria-hidden="true" />
                    Compare {postings.length} postings
                  </Button>
                </div>
                {!canAdd ? (
                  <p className="text-sm text-muted-foreground">
                    You can compare up to {LIMITS.comparisonMaxPostings} job descriptions at once.
                  </p>
                ) : null}
                {!hasResume ? (
                  <p className="text-sm text-muted-foreground">Add your resume in step 1 first.</p>
                ) : null}
              </>
            ) : (
              <div className="rounded-lg border border-border bg-muted/40 p-4">
                <p className="text-sm">{MESSAGES.comparisonNeedsLifetime}</p>
                <div className="mt-3 flex flex-wrap gap-3">
                  <Link to={UPGRADE_PATH} className={buttonClasses({ size: "sm" })}>
                    <Crown aria-hidden="true" />
                    Upgrade to Lifetime
                  </Link>
                  <Link to="/pricing" className={buttonClasses({ size: "sm", variant: "outline" })}>
                    See plans
                  </Link>
                </div>
              </div>
            )}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
