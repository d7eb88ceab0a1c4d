import {
  buildSideBySide,
  COACHING_FLAG_LABEL,
  type LineSegment,
  lineStatusWord,
  type MatchStatus,
  type SideBySideModel,
  type SideRequirement,
  sideBySideSummary,
  type TAnalysisResult,
  type TCoachingFlag,
  type TDocumentLine,
  type TSpan,
} from "@resumelens/contract";
import { ChevronDown, CircleCheck, CircleDashed, CircleX, Lightbulb } from "lucide-react";
import {
  createContext,
  memo,
  type ReactNode,
  useContext,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { Alert } from "../../../../components/ui/alert.tsx";
import { cn } from "../../../../lib/cn.ts";
import { MoreItems } from "../more-items.tsx";
import { adviceFor, lineText } from "./model.ts";
import { createSelectionStore, type SelectionStore, useSelection } from "./selection-store.ts";

/*
 * The 'Side by Side' tab (docs/product.md#side-by-side): the posting with each requirement marked
 * matched, partial or missing, beside the resume as the engine read it with the evidence marked in
 * place and the coaching flags on their bullets. Selecting a requirement on one side focuses its
 * counterpart on the other; a missing one (or one with no line to show) opens its details. Which
 * requirement sits on which line, and each line's status, come from the shared model.
 */

type Requirement = SideRequirement;
type MarkStatus = MatchStatus;

const STATUS: Record<
  MarkStatus,
  { label: string; Icon: typeof CircleCheck; chip: string; icon: string; line: string }
> = {
  matched: {
    label: "Matched",
    Icon: CircleCheck,
    chip: "border-green-700/40 bg-green-50 text-green-900",
    icon: "text-green-700",
    line: "border-green-700/60",
  },
  partial: {
    label: "Partial",
    Icon: CircleDashed,
    chip: "border-amber-600/50 bg-amber-50 text-amber-900",
    icon: "text-amber-700",
    line: "border-amber-600/70",
  },
  missing: {
    label: "Missing",
    Icon: CircleX,
    chip: "border-red-700/40 bg-red-50 text-red-900",
    icon: "text-red-700",
    line: "border-red-700/50",
  },
};

type View = {
  model: SideBySideModel;
  result: TAnalysisResult;
  store: SelectionStore;
  /** DOM ids of the view's parts, unique per view. */
  ids: {
    postingMark: (id: string) => string;
    resumeMark: (id: string) => string;
    resumeLine: (index: number) => string;
    details: (id: string) => string;
  };
  selectInPosting: (requirement: Requirement) => void;
  selectInResume: (requirement: Requirement) => void;
};

const ViewContext = createContext<View | null>(null);

function useView(): View {
  const view = useContext(ViewContext);
  if (!view) throw new Error("side-by-side parts render inside SideBySideTab");
  return view;
}

/** Focus without the browser's own jump, then bring the element to the middle of its scroller. */
function reveal(element: HTMLElement | null) {
  if (!element) return;
  element.focus({ preventScroll: true });
  element.scrollIntoView({ block: "center", inline: "nearest", behavior: "instant" });
}

function statusWord(status: MarkStatus) {
  return STATUS[status].label.toLowerCase();
}

function StatusIcon({ status, className }: { status: MarkStatus; className?: string }) {
  const { Icon, icon } = STATUS[status];
  return <Icon aria-hidden="true" className={cn("size-4 shrink-0", icon, className)} />;
}

/* ---------------------------------------------------------------- posting */

const PostingMark = memo(function PostingMark({ requirement }: { requirement: Requirement }) {
  const { store, ids, selectInPosting } = useView();
  // A requirement that is the whole line (and has the line's status) is not written out twice.
  const wholeLine = requirement.wholeLine;
  const selected = useSelection(store, (s) => s.id === requirement.id);
  const open = useSelection(store, (s) => s.open === requirement.id);
  const style = STATUS[requirement.status];
  const opensDetails = requirement.resumeLine === null;
  return (
    <li>
      <button
        type="button"
        id={ids.postingMark(requirement.id)}
        data-status={requirement.status}
        data-label={requirement.label}
        className={cn(
          "inline-flex max-w-full items-center gap-1.5 rounded-full border px-2.5 py-1 text-start text-xs font-medium",
          "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
          style.chip,
          selected && "ring-2 ring-primary ring-offset-1",
        )}
        aria-expanded={opensDetails ? open : undefined}
        aria-controls={opensDetails && open ? ids.details(requirement.id) : undefined}
        onClick={() => selectInPosting(requirement)}
      >
        <StatusIcon status={requirement.status} />
        {wholeLine ? (
          <>
            <span className="sr-only">{requirement.label}</span>
            <span aria-hidden="true">This line</span>
          </>
        ) : (
          <span className="min-w-0 break-words">{requirement.label}</span>
        )}{" "}
        <span className="shrink-0 font-semibold">· {style.label}</span>
        <span className="sr-only">
          , {requirement.priority.toLowerCase()}
          {opensDetails ? "" : ", show the evidence in your resume"}
        </span>
        {opensDetails ? (
          <ChevronDown aria-hidden="true" className={cn("size-3.5 shrink-0", open && "rotate-180")} />
        ) : null}
      </button>
    </li>
  );
});

/** What to do about a missing requirement, or what the analysis holds when no resume line shows it. */
function Details({ requirement }: { requirement: Requirement }) {
  const { ids, result, model } = useView();
  const ref = useRef<HTMLElement>(null);
  // Opened by a selection: focus it so the advice is what is read next.
  useLayoutEffect(() => {
    if (ref.current) {
      ref.current.focus({ preventScroll: true });
      ref.current.scrollIntoView({ block: "nearest", behavior: "instant" });
    }
  }, []);
  const postingText =
    requirement.postingLine === null ? null : (model.posting[requirement.postingLine]?.text ?? null);
  let body: ReactNode;
  let title: string;
  if (requirement.status === "missing") {
    const advice = adviceFor(requirement, result, postingText);
    title = `What to do about ${requirement.label}`;
    body = (
      <>
        {advice.source === "recommendation" ? (
          <p className="text-xs font-medium text-muted-foreground">
            From your recommendations: {advice.title}
          </p>
        ) : null}
        <p>{advice.text}</p>
      </>
    );
  } else {
    title = `${requirement.label}: ${statusWord(requirement.status)}`;
    body = (
      <>
        {requirement.note.trim() ? <p>{requirement.note}</p> : null}
        {requirement.evidenceText ? (
          <p className="text-muted-foreground">
            <q className="italic">{requirement.evidenceText}</q>
            {requirement.evidenceSection ? ` — ${requirement.evidenceSection}` : null}
          </p>
        ) : (
          <p className="text-muted-foreground">The analysis names no line of your resume for it.</p>
        )}
      </>
    );
  }
  return (
    <section
      ref={ref}
      id={ids.details(requirement.id)}
      tabIndex={-1}
      aria-label={title}
      className="mt-2 space-y-1.5 rounded-lg border border-border bg-background p-3 text-sm focus-visible:outline-2 focus-visible:outline-ring"
    >
      <p className="flex items-center gap-1.5 font-semibold">
        <Lightbulb aria-hidden="true" className="size-4 shrink-0 text-primary" />
        {title}
      </p>
      {body}
    </section>
  );
}

function OpenDetails({ requirements }: { requirements: readonly Requirement[] }) {
  const { store, model } = useView();
  // Only the line holding the open requirement re-renders when details open or close.
  const openId = useSelection(store, (s) => (requirements.some((r) => r.id === s.open) ? s.open : null));
  const requirement = openId ? model.byId.get(openId) : undefined;
  return requirement ? <Details key={requirement.id} requirement={requirement} /> : null;
}

function Marks({ requirements, label }: { requirements: readonly Requirement[]; label: string }) {
  return (
    <>
      <ul className="mt-1.5 flex flex-wrap gap-1.5" aria-label={label}>
        {requirements.map((r) => (
          <PostingMark key={r.id} requirement={r} />
        ))}
      </ul>
      <OpenDetails requirements={requirements} />
    </>
  );
}

const PostingLine = memo(function PostingLine({ index, line }: { index: number; line: TDocumentLine }) {
  const { model, store } = useView();
  const requirements = model.byPostingLine.get(index);
  const status = model.postingStatus.get(index);
  const selected = useSelection(store, (s) => s.postingLine === index);
  const text =
    line.kind === "heading" ? (
      <h4 className="font-semibold">{line.text}</h4>
    ) : (
      <p className="break-words">{line.text}</p>
    );
  const Tag = line.kind === "bullet" ? "li" : "div";
  return (
    <Tag
      data-line-status={status}
      className={cn(
        "rounded-md px-2 py-1",
        line.kind === "heading" && "mt-3",
        line.kind === "bullet" && "ms-4 list-disc",
        requirements && "bg-muted/40",
        status && cn("border-s-4", STATUS[status].line),
        selected && "bg-primary-soft/60",
      )}
    >
      {text}
      {status ? <span className="sr-only">Line {lineStatusWord(status)}.</span> : null}
      {requirements ? <Marks requirements={requirements} label="Requirements on this line" /> : null}
    </Tag>
  );
});

/* ---------------------------------------------------------------- resume */

/** The marks of a resume line: what it proves, each a way back to the posting. */
function ProvesList({ index, requirements }: { index: number; requirements: readonly Requirement[] }) {
  const { ids, selectInResume } = useView();
  return (
    <ul id={`${ids.resumeLine(index)}-proves`} className="mt-1 flex flex-wrap gap-1.5" aria-label="Proves">
      {requirements.map((r) => (
        <li key={r.id}>
          <button
            type="button"
            id={ids.resumeMark(r.id)}
            data-status={r.status}
            onClick={() => selectInResume(r)}
            className={cn(
              "inline-flex max-w-full items-center gap-1 rounded-full border px-2 py-0.5 text-start text-xs font-medium",
              "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
              STATUS[r.status].chip,
            )}
          >
            <StatusIcon status={r.status} className="size-3.5" />
            <span className="min-w-0 break-words">{r.label}</span>{" "}
            <span className="shrink-0 font-semibold">· {STATUS[r.status].label}</span>
            <span className="sr-only">, show it in the posting</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** A piece of a line: evidence is marked, flagged words are underlined. */
function Piece({ segment }: { segment: LineSegment }) {
  const words = segment.flagged ? (
    <span className="underline decoration-amber-600 decoration-wavy decoration-1 underline-offset-4">
      {segment.text}
    </span>
  ) : (
    segment.text
  );
  return segment.evidence ? (
    <mark className="rounded-sm bg-yellow-200 px-0.5 text-inherit">{words}</mark>
  ) : (
    words
  );
}

function LineText({
  text,
  evidence,
  flags,
}: {
  text: string;
  evidence: readonly TSpan[];
  flags: readonly TCoachingFlag[];
}) {
  const flagged = flags.flatMap((f) => (f.span ? [f.span] : []));
  const segments = lineText.segment(text, evidence, flagged);
  return (
    <>
      {segments.map((segment) => (
        <Piece key={segment.start} segment={segment} />
      ))}
    </>
  );
}

function Coaching({ index, flags }: { index: number; flags: readonly TCoachingFlag[] }) {
  const { ids } = useView();
  const [open, setOpen] = useState(false);
  const listId = `${ids.resumeLine(index)}-coaching`;
  const kinds = [...new Set(flags.map((f) => COACHING_FLAG_LABEL[f.kind]))].join(", ");
  return (
    <div className="mt-1">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        onClick={() => setOpen((o) => !o)}
        data-coaching-toggle=""
        className="inline-flex max-w-full items-center gap-1 rounded-md border border-amber-600/40 bg-amber-50 px-2 py-0.5 text-start text-xs font-medium text-amber-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        <Lightbulb aria-hidden="true" className="size-3.5 shrink-0" />
        <span className="min-w-0 break-words">
          {flags.length === 1 ? "1 coaching note" : `${flags.length} coaching notes`}: {kinds}
        </span>
        <ChevronDown aria-hidden="true" className={cn("size-3.5 shrink-0", open && "rotate-180")} />
      </button>
      {open ? (
        <ul
          id={listId}
          className="mt-1 space-y-1 border-s-2 border-amber-500 ps-3 text-sm"
          aria-label="Coaching notes"
        >
          {flags.map((f) => (
            <li key={`${f.kind}-${f.message}`}>
              <span className="font-semibold">{COACHING_FLAG_LABEL[f.kind]}:</span> {f.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

const ResumeLine = memo(function ResumeLine({
  index,
  line,
  headingLevel,
}: {
  index: number;
  line: TDocumentLine;
  /** The heading level of a section heading or role line (4 or 5). */
  headingLevel: 4 | 5;
}) {
  const { model, store, ids } = useView();
  const requirements = model.byResumeLine.get(index);
  const status = model.resumeStatus.get(index);
  const evidence = model.evidenceSpans.get(index) ?? NO_SPANS;
  const flags = model.coaching.get(index) ?? NO_FLAGS;
  const selected = useSelection(store, (s) => s.resumeLine === index);
  const content = <LineText text={line.text} evidence={evidence} flags={flags} />;
  const Heading = headingLevel === 4 ? "h4" : "h5";
  const Tag = line.kind === "bullet" ? "li" : "div";
  return (
    <Tag
      id={ids.resumeLine(index)}
      tabIndex={requirements ? -1 : undefined}
      data-line-status={status}
      aria-describedby={requirements ? `${ids.resumeLine(index)}-proves` : undefined}
      data-line={index}
      className={cn(
        "scroll-m-4 rounded-md px-2 py-1 focus-visible:outline-2 focus-visible:outline-ring",
        line.kind === "heading" && "mt-4 border-b border-border pb-1",
        line.kind === "role" && "mt-3",
        line.kind === "bullet" && "ms-4 list-disc",
        status === "matched" && "border-s-4 border-green-700/60 bg-green-50/70",
        status === "partial" && "border-s-4 border-amber-600/70 bg-amber-50/70",
        selected && "ring-2 ring-primary",
      )}
    >
      {line.kind === "heading" ? (
        <Heading className="text-sm font-semibold tracking-wide uppercase">{content}</Heading>
      ) : line.kind === "role" ? (
        <Heading className="font-semibold">{content}</Heading>
      ) : (
        <p className="break-words">{content}</p>
      )}
      {requirements ? <ProvesList index={index} requirements={requirements} /> : null}
      {flags.length > 0 ? <Coaching index={index} flags={flags} /> : null}
    </Tag>
  );
});

const NO_SPANS: readonly TSpan[] = [];
const NO_FLAGS: readonly TCoachingFlag[] = [];

type Block = { kind: "list"; lines: number[] } | { kind: "line"; line: number };

/** Consecutive bullets form one list; every other line stands alone. */
function blocksOf(lines: readonly TDocumentLine[]): Block[] {
  const blocks: Block[] = [];
  lines.forEach((line, index) => {
    const last = blocks[blocks.length - 1];
    if (line.kind === "bullet") {
      if (last?.kind === "list") last.lines.push(index);
      else blocks.push({ kind: "list", lines: [index] });
    } else blocks.push({ kind: "line", line: index });
  });
  return blocks;
}

/** Section headings are level 4, roles level 5 under a heading (level 4 before any), so no level is skipped. */
function headingLevels(lines: readonly TDocumentLine[]): (4 | 5)[] {
  let seenHeading = false;
  return lines.map((line) => {
    if (line.kind === "heading") {
      seenHeading = true;
      return 4;
    }
    return seenHeading ? 5 : 4;
  });
}

function ResumePane({ headingId }: { headingId: string }) {
  const { model, result } = useView();
  const blocks = useMemo(() => blocksOf(model.resume), [model]);
  const levels = useMemo(() => headingLevels(model.resume), [model]);
  return (
    <Pane headingId={headingId} title="Your resume, as we read it" testId="side-by-side-resume">
      {blocks.map((block) =>
        block.kind === "list" ? (
          <ul key={`l${block.lines[0]}`} className="space-y-0.5">
            {block.lines.map((i) => (
              <ResumeLine
                key={i}
                index={i}
                line={model.resume[i] as TDocumentLine}
                headingLevel={levels[i] ?? 4}
              />
            ))}
          </ul>
        ) : (
          <ResumeLine
            key={block.line}
            index={block.line}
            line={model.resume[block.line] as TDocumentLine}
            headingLevel={levels[block.line] ?? 4}
          />
        ),
      )}
      <MoreItems count={result.omitted?.resumeLines} what="lines of your resume" />
      <MoreItems count={result.omitted?.coaching} what="bullets with coaching notes" />
    </Pane>
  );
}

function PostingPane({ headingId }: { headingId: string }) {
  const { model, result } = useView();
  const blocks = useMemo(() => blocksOf(model.posting), [model]);
  return (
    <Pane headingId={headingId} title="The job posting" testId="side-by-side-posting">
      {blocks.map((block) =>
        block.kind === "list" ? (
          <ul key={`l${block.lines[0]}`} className="space-y-0.5">
            {block.lines.map((i) => (
              <PostingLine key={i} index={i} line={model.posting[i] as TDocumentLine} />
            ))}
          </ul>
        ) : (
          <PostingLine
            key={block.line}
            index={block.line}
            line={model.posting[block.line] as TDocumentLine}
          />
        ),
      )}
      <MoreItems count={result.omitted?.postingLines} what="lines of the posting" />
      {model.unplaced.length > 0 ? (
        <div className="mt-4 border-t border-border px-2 pt-3">
          <h4 className="font-semibold">Also asked for</h4>
          <p className="text-xs text-muted-foreground">
            Requirements the analysis found without a single line to point at.
          </p>
          <Marks requirements={model.unplaced} label="Also asked for" />
        </div>
      ) : null}
    </Pane>
  );
}

function Pane({
  headingId,
  title,
  testId,
  children,
}: {
  headingId: string;
  title: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={headingId}
      data-testid={testId}
      className="min-w-0 rounded-card border border-border bg-surface"
    >
      <h3 id={headingId} className="border-b border-border px-4 py-3 text-base font-semibold">
        {title}
      </h3>
      {/* On wide screens each side scrolls on its own, so a selection can bring its counterpart into
          view without moving the side it came from. Focusable so keyboard users can scroll it too. */}
      <div
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        tabIndex={0}
        className="space-y-0.5 p-2 text-sm leading-relaxed focus-visible:outline-2 focus-visible:outline-ring lg:max-h-[75vh] lg:overflow-y-auto"
      >
        {children}
      </div>
    </section>
  );
}

function Summary() {
  const { model } = useView();
  const items = sideBySideSummary(model.counts, model.coaching.size);
  return (
    <div className="space-y-2">
      <p className="text-sm text-muted-foreground">
        Select a requirement in the posting to see the line of your resume that proves it, or a marked line of
        your resume to see what it answers in the posting. A missing requirement opens what to do about it. A
        posting line is matched when everything it asks for is matched, partly matched when some of it is, and
        missing when none of it is.
      </p>
      <ul className="flex flex-wrap gap-2 text-sm" aria-label="Posting lines by status">
        {items.map((item) =>
          item.key === "unplaced" ? (
            <li
              key={item.key}
              data-count="unplaced"
              className="inline-flex items-center rounded-full border border-border px-2.5 py-0.5"
            >
              {item.text}
            </li>
          ) : item.key === "coached" ? (
            <li
              key={item.key}
              className="inline-flex items-center gap-1.5 rounded-full border border-amber-600/40 bg-amber-50 px-2.5 py-0.5 text-amber-900"
            >
              <Lightbulb aria-hidden="true" className="size-4" />
              <span>{item.text}</span>
            </li>
          ) : (
            <li
              key={item.key}
              data-count={item.key}
              className={cn(
                "inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5",
                STATUS[item.key].chip,
              )}
            >
              <StatusIcon status={item.key} />
              <span>{item.text}</span>
            </li>
          ),
        )}
      </ul>
    </div>
  );
}

function Announcer() {
  const { store } = useView();
  const message = useSelection(store, (s) => s.message);
  return (
    <p role="status" className="sr-only">
      {message}
    </p>
  );
}

function SideBySide({ model, result }: { model: SideBySideModel; result: TAnalysisResult }) {
  const base = useId();
  const store = useMemo(() => createSelectionStore(), []);
  const view = useMemo<View>(() => {
    const ids: View["ids"] = {
      postingMark: (id) => `${base}-p-${id}`,
      resumeMark: (id) => `${base}-e-${id}`,
      resumeLine: (index) => `${base}-r-${index}`,
      details: (id) => `${base}-d-${id}`,
    };
    return {
      model,
      result,
      store,
      ids,
      selectInPosting: (r) => {
        const current = store.get();
        if (r.resumeLine === null) {
          // Nothing to point at in the resume: open (or close) what the analysis says about it.
          const closing = current.open === r.id;
          store.set({
            id: closing ? null : r.id,
            resumeLine: null,
            postingLine: closing ? null : r.postingLine,
            open: closing ? null : r.id,
            message: closing
              ? ""
              : r.status === "missing"
                ? `${r.label}, missing from your resume: what to do about it.`
                : `${r.label}, ${statusWord(r.status)}.`,
          });
          return;
        }
        store.set({
          id: r.id,
          resumeLine: r.resumeLine,
          postingLine: r.postingLine,
          open: null,
          message: `${r.label}, ${statusWord(r.status)}: the line of your resume that shows it.`,
        });
        reveal(document.getElementById(ids.resumeLine(r.resumeLine)));
      },
      selectInResume: (r) => {
        store.set({
          id: r.id,
          resumeLine: r.resumeLine,
          postingLine: r.postingLine,
          open: null,
          message: `${r.label}, ${statusWord(r.status)}: where the posting asks for it.`,
        });
        reveal(document.getElementById(ids.postingMark(r.id)));
      },
    };
  }, [base, model, result, store]);

  return (
    <ViewContext.Provider value={view}>
      <div className="space-y-4" data-testid="side-by-side">
        <Summary />
        <Announcer />
        <div className="grid gap-4 lg:grid-cols-2">
          <PostingPane headingId={`${base}-posting`} />
          <ResumePane headingId={`${base}-resume`} />
        </div>
      </div>
    </ViewContext.Provider>
  );
}

/** The tab's content: the view, or a notice for an analysis stored before the engine kept its lines. */
export function SideBySideTab({ analysis }: { analysis: TAnalysisResult }) {
  const model = useMemo(() => buildSideBySide(analysis), [analysis]);
  if (!model) {
    return (
      <Alert variant="info" title="Side by side needs a newer analysis">
        <p>
          This analysis was made before we kept your resume and the posting line by line. Run the analysis
          again to see them side by side, with the evidence for each requirement highlighted.
        </p>
      </Alert>
    );
  }
  return <SideBySide model={model} result={analysis} />;
}
