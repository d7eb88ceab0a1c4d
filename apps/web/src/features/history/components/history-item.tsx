import type { THistoryItem } from "@resumelens/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Calendar, Download, Eye, FileText, Layers, LoaderCircle, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent } from "../../../components/ui/card.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { errorText } from "../../../lib/api-error.ts";
import { cn } from "../../../lib/cn.ts";
import { formatDateTime } from "../../../lib/format-date.ts";
import { historyBand } from "../../../lib/score-bands.ts";
import { EXPORT_FAILED_FALLBACK, exportAnalysisReport } from "../api/export-report.ts";
import { deleteAnalysis, excerpt, HISTORY_QUERY_KEY } from "../api/history.ts";

/** One past analysis: score and band, the job, the resume used, date and time, and its actions. */
export function HistoryItem({ item }: { item: THistoryItem }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const band = historyBand(item.overallScore);
  const date = formatDateTime(item.createdAt);
  const resume = item.resumeName ?? "Deleted resume";
  const job = item.jobTitle ?? "Untitled job";

  const exportReport = useMutation({
    mutationFn: () => exportAnalysisReport(item.id),
    onSuccess: () => {
      toast({ title: "Export Successful", description: "Your analysis report has been downloaded." });
    },
    onError: (error) => {
      const message = errorText(error, { context: "export", fallback: EXPORT_FAILED_FALLBACK });
      toast({ title: "Export Failed", description: message, variant: "destructive" });
    },
  });

  const remove = useMutation({
    mutationFn: () => deleteAnalysis(item.id),
    onSuccess: async () => {
      setConfirming(false);
      toast({ title: "Analysis Deleted", description: "The analysis was removed from your history." });
      queryClient.removeQueries({ queryKey: [`/api/analysis/${item.id}`] });
      await queryClient.invalidateQueries({ queryKey: HISTORY_QUERY_KEY });
    },
    onError: (error) => {
      toast({
        title: "Delete Failed",
        description: errorText(error, { fallback: "Failed to delete analysis" }),
        variant: "destructive",
      });
    },
  });

  return (
    <li>
      <Card>
        <CardContent className="flex flex-col gap-4 pt-6 sm:flex-row sm:items-start">
          <div className="flex shrink-0 items-center gap-3 sm:w-44 sm:flex-col sm:items-start">
            <p className="text-3xl font-bold">
              {item.overallScore}
              <span className="text-base font-medium text-muted-foreground">/100</span>
            </p>
            <span
              data-testid="score-band"
              className={cn(
                "inline-flex rounded-full border px-2.5 py-0.5 text-xs font-semibold",
                band.className,
              )}
            >
              {band.label}
            </span>
          </div>
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <h3 className="text-base font-semibold break-words">{job}</h3>
            <div className="flex flex-col gap-1 text-sm text-muted-foreground sm:flex-row sm:flex-wrap sm:gap-x-4">
              <p className="flex min-w-0 items-center gap-1.5" data-testid="history-resume">
                <FileText aria-hidden="true" className="size-4 shrink-0" />
                <span className="sr-only">Resume: </span>
                <span className="min-w-0 break-all">{resume}</span>
              </p>
              <p className="flex items-center gap-1.5">
                <Calendar aria-hidden="true" className="size-4 shrink-0" />
                <time dateTime={item.createdAt}>{date}</time>
              </p>
            </div>
            <p className="text-sm break-words">{excerpt(item.jobDescription) || "No job description"}</p>
            {item.comparisonId ? (
              <p className="text-sm">
                <Link
                  to={`/compare/${item.comparisonId}`}
                  className="inline-flex items-center gap-1.5 font-medium text-primary underline underline-offset-4 hover:no-underline"
                >
                  <Layers aria-hidden="true" className="size-4 shrink-0" />
                  Part of a comparison
                </Link>
              </p>
            ) : null}
            <div className="mt-2 flex flex-wrap gap-2">
              <Button asChild size="sm">
                <Link to={`/analysis/${item.id}`} aria-label={`View Details for ${job}, ${resume}, ${date}`}>
                  <Eye aria-hidden="true" />
                  View Details
                </Link>
              </Button>
              <Button
                size="sm"
                variant="outline"
                disabled={exportReport.isPending}
                onClick={() => exportReport.mutate()}
              >
                {exportReport.isPending ? (
                  <LoaderCircle aria-hidden="true" className="animate-spin" />
                ) : (
                  <Download aria-hidden="true" />
                )}
                {exportReport.isPending ? "Exporting..." : "Export"}
              </Button>
              <Dialog open={confirming} onOpenChange={(open) => !remove.isPending && setConfirming(open)}>
                <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
                  <Trash2 aria-hidden="true" />
                  Delete
                </Button>
                <DialogContent>
                  <DialogHeader>
                    <DialogTitle>Delete this analysis?</DialogTitle>
                    <DialogDescription>
                      The analysis of {resume} for {job} from {date} (score {item.overallScore}) will be
                      removed permanently.
                    </DialogDescription>
                  </DialogHeader>
                  <DialogFooter>
                    <DialogClose asChild>
                      <Button variant="outline" disabled={remove.isPending}>
                        Cancel
                      </Button>
                    </DialogClose>
                    <Button variant="destructive" disabled={remove.isPending} onClick={() => remove.mutate()}>
                      {remove.isPending ? "Deleting..." : "Delete Analysis"}
                    </Button>
                  </DialogFooter>
                </DialogContent>
              </Dialog>
            </div>
          </div>
        </CardContent>
      </Card>
    </li>
  );
}
