import type { TLinkedInPosition, TLinkedInProfile } from "@resumelens/contract";

/** What a parser reads from an export or a profile PDF, before the service adds company, source and dates. */
export type ImportedProfile = {
  name: string;
  headline: string;
  location: string;
  summary: string | null;
  skills: string[];
  positions: TLinkedInPosition[];
  education: TLinkedInProfile["education"];
  profileUrl: string | null;
};

/**
 * A readable file that is not a LinkedIn profile: a ZIP without Profile.csv (a DOCX, another
 * export), a PDF that is not a "Save to PDF" profile. The route answers 422 with its text.
 */
export class NotALinkedInFile extends Error {
  constructor(detail: string) {
    super(detail);
    this.name = "NotALinkedInFile";
  }
}
