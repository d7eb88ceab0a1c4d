import { MESSAGES, type TLinkedInProfile } from "@resumelens/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FileArchive, LoaderCircle, MapPin, RefreshCw, Upload } from "lucide-react";
import { type DragEvent, type FormEvent, useEffect, useId, useRef, useState } from "react";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { cn } from "../../../lib/cn.ts";
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

/** The spec shows up to 8 skills (§9). */
export const SHOWN_SKILLS = 8;

/**
 * Settings → LinkedIn (§2): the profile URL and 'Sync Profile', and the upload it reads from. We
 * cannot scrape LinkedIn (design §6): the user imports their data export ZIP or the profile's
 * Save-to-PDF file, and Sync records the URL on that import and shows the result.
 */
export function LinkedInTab() {
  const queryClient = useQueryClient();
  const profileQuery = useLinkedInProfile();
  const profile = profileQuery.data ?? null;
  const urlId = useId();
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

  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2">LinkedIn Profile</CardTitle>
          <CardDescription>
            Sync your LinkedIn profile so your analyses can point out skills you have on LinkedIn but left off
            your resume.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          <form noValidate onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <div className="flex min-w-0 flex-1 flex-col gap-2">
              <Label htmlFor={urlId}>LinkedIn profile URL</Label>
              <Input
                id={urlId}
                type="url"
                inputMode="url"
                autoComplete="url"
                placeholder="https://www.linkedin.com/in/your-name"
                value={url}
                onChange={(event) => {
                  setUrlTouched(true);
                  setUrl(event.target.value);
                }}
              />
            </div>
            <Button type="submit" disabled={sync.isPending} className="w-full sm:w-auto">
              {sync.isPending ? (
                <LoaderCircle aria-hidden="true" className="animate-spin" />
              ) : (
                <RefreshCw aria-hidden="true" />
              )}
              {sync.isPending ? "Syncing..." : "Sync Profile"}
            </Button>
          </form>
          <ImportZone pending={upload.isPending} onFile={(file) => upload.mutate(file)} />
        </CardContent>
      </Card>
      {profile && <ProfileSummary profile={profile} />}
    </div>
  );
}

/** The upload area: a drop zone with a Choose File button, and how to get the two files. */
function ImportZone({ pending, onFile }: { pending: boolean; onFile: (file: File) => void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const ids = { title: useId(), help: useId() };

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
      aria-labelledby={ids.title}
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
      <h3 id={ids.title} className="text-sm font-semibold text-balance">
        Upload your LinkedIn data export (.zip) or profile PDF
      </h3>
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
  const imported = new Date(profile.importedAt);
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
          {Number.isNaN(imported.getTime()) ? "" : ` on ${imported.toLocaleDateString()}`}
          {profile.profileUrl ? ` · ${profile.profileUrl.replace(/^https:\/\/www\./, "")}` : ""}
        </p>
      </CardContent>
    </Card>
  );
}
