import { FileText, Type } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs.tsx";
import type { UploadedResume } from "../api/upload-resume.ts";
import { PasteResume } from "./paste-resume.tsx";
import { ResumeUpload } from "./resume-upload.tsx";

export type ResumeStepProps = {
  resume: UploadedResume;
  onResumeChange: (resume: UploadedResume) => void;
  resumeText: string;
  onResumeTextChange: (text: string) => void;
};

/** Step 1 of the analyzer (docs/product.md#analyzer): upload a file or paste the resume's text. */
export function ResumeStep({ resume, onResumeChange, resumeText, onResumeTextChange }: ResumeStepProps) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="flex size-8 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
          >
            1
          </span>
          Upload Your Resume
        </CardTitle>
        <CardDescription>Upload a file or paste your resume as text.</CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs defaultValue="upload">
          <TabsList>
            <TabsTrigger value="upload">
              <FileText aria-hidden="true" className="size-4" />
              Upload File
            </TabsTrigger>
            <TabsTrigger value="paste">
              <Type aria-hidden="true" className="size-4" />
              Paste Text
            </TabsTrigger>
          </TabsList>
          <TabsContent value="upload">
            <ResumeUpload value={resume} onChange={onResumeChange} />
          </TabsContent>
          <TabsContent value="paste">
            <PasteResume value={resumeText} onValueChange={onResumeTextChange} onCreated={onResumeChange} />
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}
