import { MESSAGES, type TLinkedInProfile } from "@resumelens/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FileArchive, LoaderCircle, MapPin, RefreshCw, Upload } from "lucide-react";
import { type DragEvent, type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { cn } from "../../../lib/cn.ts";
import { formatLocaleDay } from "../../../lib/format-date.ts";
import {
  afterLinkedInChange,
  importLinkedInFile,
  isValidProfileUrl,
  LINKEDIN_FILE_ACCEPT,
  LINKEDIN_TEXT,
  linkedInErrorMessage,
  syncLinkedInProfile,
  useLinkedInProfile,
} from "./api/linkedin.ts";

/** Up to 8 skills are shown (docs/product.md#linkedin-import). */
export const SHOWN_SKILLS = 8;

/**
 * Settings → LinkedIn (docs/product.md#linkedin-import): the upload, then the profile URL and 'Sync Profile'.
 * We cannot scrape
 * LinkedIn (docs/product.md#linkedin-import): the user imports their data export ZIP or the profile's
 * Save-to-PDF file
 * (step 1, the path that works), and Sync records the URL on that import and shows the result
 * (step 2). The URL used to come first, and syncing it alone only ever failed.
 */
export function LinkedInTab() {
  const queryClient = useQueryClient();
  const profileQuery = useLinkedInProfile();
  const profile = profileQuery.data ?? null;
  const urlId = useId();
  const stepIds = { file: useId(), url: useId(), urlHelp: useId() };
  const [url, setUrl] = useState("");
  const [urlTouched, setUrlTouched] = useState(false);

  // Prefill the URL from an earlier sync, unless the user has started typing.
  const savedUrl = profile?.profileUrl ?? "";
  useEffect(() => {
    if (savedUrl && !urlTouched) setUrl(savedUrl);
  }, [savedUrl, urlTouched]);

  const onSuccess = async (synced: TLinkedInProfile, description: string) => {
    toast({ title: LINKEDIN_TEXT.syncedTitle, description });
    await afterLinkedInChange(queryClient, synced);
  };
  const onError = (error: unknown) => {
    toast({
      title: LINKEDIN_TEXT.failedTitle,
      description: linkedInErrorMessage(error),
      variant: "destructive",
    });
  };

  const sync = useMutation({
    mutationFn: syncLinkedInProfile,
    onSuccess: (synced) =>
      onSuccess(synced, `Showing ${synced.name || "your profile"} from your LinkedIn import.`),
    onError,
  });
  const upload = useMutation({
    mutationFn: importLinkedInFile,
    onSuccess: (imported) =>
      onSuccess(
        imported,
        imported.source === "export-zip"
          ? "Imported your LinkedIn data export."
          : "Imported your LinkedIn profile PDF.",
      ),
    onError,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValidProfileUrl(url)) {
      toast({
        title: MESSAGES.invalidUrlTitle,
        description: MESSAGES.invalidLinkedInUrl,
        variant: "destructive",
      });
      return;
    }
    sync.mutate(url);
  };

  const imported = profile !== null;
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2">LinkedIn Profile</CardTitle>
          <CardDescription>
            Sync your LinkedIn profile so your analyses can point out skills you have on LinkedIn but left off
            your resume.
          </CardDescription>
          <p data-testid="linkedin-why-file" className="text-sm text-foreground">
            {LINKEDIN_WHY_FILE}
          </p>
        </CardHeader>
        <CardContent>
          <ol className="flex flex-col gap-6">
            <li className="flex flex-col gap-3">
              <StepHeading number={1} id={stepIds.file}>
                Upload your LinkedIn data export (.zip) or profile PDF
              </StepHeading>
              <ImportZone
                labelledBy={stepIds.file}
                pending={upload.isPending}
                onFile={(file) => upload.mutate(file)}
              />
            </li>
            <li className="flex flex-col gap-3">
              <StepHeading number={2} id={stepIds.url}>
                Add your profile's address
              </StepHeading>
              <p id={stepIds.urlHelp} className="text-sm text-muted-foreground">
                {imported
                  ? "Your profile's address is saved with your import; Sync Profile shows what was imported."
                  : "Upload your file in step 1 first; the address is then saved with it."}
              </p>
              <form
                noValidate
                onSubmit={submit}
                aria-labelledby={stepIds.url}
                className="flex flex-col gap-3 sm:flex-row sm:items-end"
              >
                <div className="flex min-w-0 flex-1 flex-col gap-2">
                  <Label htmlFor={urlId}>LinkedIn profile URL</Label>
                  <Input
                    id={urlId}
                    type="url"
                    inputMode="url"
                    autoComplete="url"
                    aria-describedby={stepIds.urlHelp}
                    placeholder="https://www.linkedin.com/in/your-name"
                    value={url}
                    onChange={(event) => {
                      setUrlTouched(true);
                      setUrl(event.target.value);
                    }}
                  />
                </div>
                <Button
                  type="submit"
                  variant={imported ? "default" : "outline"}
                  disabled={sync.isPending}
                  className="w-full sm:w-auto"
                >
                  {sync.isPending ? (
                    <LoaderCircle aria-hidden="true" className="animate-spin" />
                  ) : (
                    <RefreshCw aria-hidden="true" />
                  )}
                  {sync.isPending ? "Syncing..." : "Sync Profile"}
                </Button>
              </form>
            </li>
          </ol>
        </CardContent>
      </Card>
      {profile && <ProfileSummary profile={profile} />}
    </div>
  );
}

/** Why the tab asks for a file: the one line that explains the order of the two steps. */
export const LINKEDIN_WHY_FILE =
  "LinkedIn does not allow other sites to read a profile from its address, so ResumeLens reads the file you download from LinkedIn.";

function StepHeading({ number, id, children }: { number: number; id: string; children: ReactNode }) {
  return (
    <h3 id={id} className="flex items-center gap-2.5 text-sm font-semibold text-balance">
      <span
        aria-hidden="true"
        className="flex size-6 shrink-0 items-center justify-center rounded-full bg-primary text-xs font-bold text-primary-foreground"
      >
        {number}
      </span>
      <span>
        <span className="sr-only">{`Step ${number}:`}</span> {children}
      </span>
    </h3>
  );
}

/** The upload area: a drop zone with a Choose File button, and how to get the two files. */
function ImportZone({
  labelledBy,
  pending,
  onFile,
}: {
  labelledBy: string;
  pending: boolean;
  onFile: (file: File) => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const ids = { help: useId() };

  const take = (file: File | undefined) => {
    if (file && !pending) onFile(file);
    if (inputRef.current) inputRef.current.value = "";
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files[0]);
  };

  return (
    <section
      aria-labelledby={labelledBy}
      aria-describedby={ids.help}
      data-testid="linkedin-drop-zone"
      data-state={pending ? "uploading" : dragging ? "dragging" : "idle"}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={cn(
        "flex flex-col items-center gap-3 rounded-xl border-2 border-dashed border-border px-4 py-6 text-center transition-colors sm:px-6",
        dragging && "border-primary bg-primary-soft",
      )}
    >
      <FileArchive aria-hidden="true" className="size-8 text-muted-foreground" />
      <div id={ids.help} className="flex max-w-prose flex-col gap-1 text-sm text-muted-foreground">
        <p>
          <span className="font-medium text-foreground">Data export:</span> LinkedIn → Settings &amp; Privacy
          → Data privacy → Get a copy of your data; LinkedIn emails you the ZIP.
        </p>
        <p>
          <span className="font-medium text-foreground">Profile PDF:</span> on your LinkedIn profile, More →
          Save to PDF.
        </p>
      </div>
      <input
        ref={inputRef}
        type="file"
        accept={LINKEDIN_FILE_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="linkedin-file-input"
        onChange={(event) => take(event.target.files?.[0])}
      />
      <Button variant="outline" disabled={pending} onClick={() => inputRef.current?.click()}>
        {pending ? (
          <LoaderCircle aria-hidden="true" className="animate-spin" />
        ) : (
          <Upload aria-hidden="true" />
        )}
        {pending ? "Importing..." : "Choose File"}
      </Button>
    </section>
  );
}

/** "Headline at Company", without repeating a company the headline already names. */
export function headlineAtCompany(headline: string, company: string): string {
  if (!company) return headline;
  if (!headline) return company;
  return headline.toLowerCase().includes(company.toLowerCase()) ? headline : `${headline} at ${company}`;
}

function ProfileSummary({ profile }: { profile: TLinkedInProfile }) {
  const shown = profile.skills.slice(0, SHOWN_SKILLS);
  const more = profile.skills.length - shown.length;
  const importedOn = formatLocaleDay(profile.importedAt);
  return (
    <Card data-testid="linkedin-profile">
      <CardHeader>
        <CardTitle as="h2" className="break-words">
          {profile.name || "Your LinkedIn profile"}
        </CardTitle>
        {(profile.headline || profile.company) && (
          <p className="break-words text-sm text-foreground">
            {headlineAtCompany(profile.headline, profile.company)}
          </p>
        )}
        {profile.location && (
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <MapPin aria-hidden="true" className="size-4 shrink-0" />
            {profile.location}
          </p>
        )}
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {shown.length > 0 ? (
          <div>
            <h3 className="mb-2 text-sm font-semibold">Skills</h3>
            <ul className="flex flex-wrap gap-2" aria-label="LinkedIn skills">
              {shown.map((skill) => (
                <li key={skill}>
                  <Badge variant="secondary">{skill}</Badge>
                </li>
              ))}
            </ul>
            {more > 0 && (
              <p className="mt-2 text-xs text-muted-foreground">and {more} more, all used in your analyses</p>
            )}
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">No skills were found in the imported file.</p>
        )}
        <p className="text-xs text-muted-foreground">
          Imported from your {profile.source === "export-zip" ? "LinkedIn data export" : "profile PDF"}
          {importedOn ? ` on ${importedOn}` : ""}
          {profile.profileUrl ? ` · ${profile.profileUrl.replace(/^https:\/\/www\./, "")}` : ""}
        </p>
      </CardContent>
    </Card>
  );
}
