import type { TLinkedInProfile } from "@resumelens/contract";
import { strToU8, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness, signUpVerified, type TestClient } from "../../../test/harness.ts";
import {
  AVERY,
  buildLinkedInExportZip,
  buildLinkedInProfilePdf,
  buildPathTraversalZip,
  buildTextPdf,
  buildZipBomb,
} from "../../../test/linkedin-fixtures.ts";
import { encryptedPdf } from "../../../test/pdf-fixtures.ts";
import { NOT_A_PROFILE_MESSAGE } from "./linkedin.routes.ts";
import { NOTHING_IMPORTED_MESSAGE } from "./linkedin.service.ts";

const INVALID_URL = "Please enter a valid LinkedIn profile URL.";
const MESSAGES_4XX = {
  invalidType: "Please upload a PDF, DOC, DOCX, or TXT file.",
  tooLarge: "Please upload a file smaller than 5MB.",
  corrupt: "This file looks damaged or incomplete. Export it again and re-upload.",
  bomb: "This document's contents are too large to process.",
  encrypted:
    "This PDF is password-protected. Remove the password (or print it to a new PDF) and upload it again.",
};

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

function importFile(
  client: TestClient,
  bytes: Uint8Array,
  filename: string,
  type = "application/octet-stream",
) {
  const form = new FormData();
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], filename, { type }));
  return client.request("/api/linkedin/import", { method: "POST", body: form });
}

async function expectRefused(
  client: TestClient,
  bytes: Uint8Array,
  filename: string,
  status: number,
  message: string,
) {
  const response = await importFile(client, bytes, filename);
  const body = (await response.json()) as { error: { message: string } };
  expect({ status: response.status, message: body.error.message }).toEqual({ status, message });
}

async function storedCount(): Promise<number> {
  const row = await h.deps.db.kysely
    .selectFrom("linkedin_profile")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const expectedPositions = AVERY.positions.map((p) => ({
  company: p.company,
  title: p.title,
  location: p.location,
  startedOn: p.startedOn,
  finishedOn: p.finishedOn || null,
}));

describe("LinkedIn data export (ZIP), end to end", () => {
  it("imports Profile, Positions, Skills and Education from a folder inside the ZIP, then syncs", async () => {
    const { client } = await signUpVerified(h);
    const zip = buildLinkedInExportZip({ folder: "Basic_LinkedInDataExport_01-02-2026" });
    const imported = await importFile(
      client,
      zip,
      "Basic_LinkedInDataExport_01-02-2026.zip",
      "application/zip",
    );
    expect(imported.status).toBe(200);
    const profile = (await imported.json()) as TLinkedInProfile;
    expect(profile).toMatchObject({
      name: AVERY.name,
      headline: AVERY.headline,
      company: "Northwind Analytics, Inc.",
      location: AVERY.location,
      skills: [...AVERY.skills],
      source: "export-zip",
      profileUrl: null,
      education: [{ school: "Oregon State University", degree: "Bachelor of Science - BS" }],
    });
    expect(profile.positions.map(({ description: _d, ...p }) => p)).toEqual(expectedPositions);
    // Quoted fields keep their commas, quotes and line breaks.
    expect(profile.positions[0]?.description).toBe(AVERY.positions[0].description);

    const synced = await client.post("/api/linkedin/sync", {
      profileUrl: "linkedin.com/in/avery-quinn-demo/",
    });
    expect(synced.status).toBe(200);
    const body = (await synced.json()) as TLinkedInProfile;
    expect(body).toMatchObject({
      name: AVERY.name,
      headline: AVERY.headline,
      company: "Northwind Analytics, Inc.",
      location: AVERY.location,
      skills: [...AVERY.skills],
      profileUrl: "https://www.linkedin.com/in/avery-quinn-demo",
    });

    const stored = await client.get("/api/linkedin/profile");
    expect(stored.status).toBe(200);
    expect(await stored.json()).toEqual(body);

    // A later import replaces the profile and keeps the synced URL.
    const again = await importFile(client, buildLinkedInExportZip(), "export.zip");
    expect(((await again.json()) as TLinkedInProfile).profileUrl).toBe(
      "https://www.linkedin.com/in/avery-quinn-demo",
    );
  });
});

describe("LinkedIn 'Save to PDF' profile, end to end", () => {
  it("imports name, headline, location, top skills, experience and education, then syncs", async () => {
    const { client } = await signUpVerified(h);
    const pdf = await buildLinkedInProfilePdf();
    const imported = await importFile(client, pdf, "Profile.pdf", "application/pdf");
    expect(imported.status).toBe(200);
    const profile = (await imported.json()) as TLinkedInProfile;
    expect(profile).toMatchObject({
      name: AVERY.name,
      headline: AVERY.headline,
      company: "Northwind Analytics, Inc.",
      location: AVERY.location,
      skills: [...AVERY.topSkills],
      source: "profile-pdf",
      education: [
        { school: "Oregon State University", degree: "Bachelor of Science - BS, Computer Science" },
      ],
    });
    expect(profile.positions.map(({ description: _d, ...p }) => p)).toEqual(expectedPositions);
    expect(profile.positions[1]?.description).toBe(AVERY.positions[1].description);

    const synced = await client.post("/api/linkedin/sync", {
      profileUrl: "https://www.linkedin.com/in/avery-quinn-demo?trk=public_profile",
    });
    expect(synced.status).toBe(200);
    expect(await synced.json()).toMatchObject({ name: AVERY.name, company: "Northwind Analytics, Inc." });
  });
});

describe("POST /api/linkedin/sync", () => {
  it("refuses blank and non-profile URLs with the spec's text", async () => {
    const { client } = await signUpVerified(h);
    for (const profileUrl of [
      "",
      "   ",
      "https://www.linkedin.com/company/contoso",
      "https://example.com/in/avery",
      "https://www.linkedin.com.evil.example/in/avery-quinn",
      "javascript:alert(1)//linkedin.com/in/avery",
    ]) {
      const response = await client.post("/api/linkedin/sync", { profileUrl });
      const body = (await response.json()) as { error: { message: string } };
      expect({ profileUrl, status: response.status, message: body.error.message }).toEqual({
        profileUrl,
        status: 400,
        message: INVALID_URL,
      });
    }
    const missing = await client.post("/api/linkedin/sync", {});
    expect(missing.status).toBe(400);
  });

  it("asks for the export or the PDF first when nothing is imported", async () => {
    const { client } = await signUpVerified(h);
    const response = await client.post("/api/linkedin/sync", {
      profileUrl: "https://www.linkedin.com/in/avery",
    });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      NOTHING_IMPORTED_MESSAGE,
    );
    expect(await (await client.get("/api/linkedin/profile")).json()).toBeNull();
  });

  it("needs a session", async () => {
    const anonymous = h.client();
    expect((await anonymous.post("/api/linkedin/sync", { profileUrl: "linkedin.com/in/avery" })).status).toBe(
      401,
    );
    expect((await anonymous.get("/api/linkedin/profile")).status).toBe(401);
    expect((await importFile(anonymous, buildLinkedInExportZip(), "export.zip")).status).toBe(401);
    expect((await anonymous.request("/api/linkedin/profile", { method: "DELETE" })).status).toBe(401);
  });
});

describe("hostile and wrong files", () => {
  let client: TestClient;
  beforeAll(async () => {
    ({ client } = await signUpVerified(h));
  });

  it("refuses a zip bomb before inflating it", async () => {
    await expectRefused(client, buildZipBomb(), "export.zip", 422, MESSAGES_4XX.bomb);
  });

  it("refuses entries that climb out of the archive", async () => {
    await expectRefused(client, buildPathTraversalZip(), "export.zip", 422, MESSAGES_4XX.corrupt);
  });

  it("refuses a ZIP that is not a LinkedIn export (a DOCX-like archive)", async () => {
    const docx = zipSync({
      "word/document.xml": strToU8("<w:document/>"),
      "[Content_Types].xml": strToU8("<x/>"),
    });
    await expectRefused(client, docx, "resume.docx", 422, NOT_A_PROFILE_MESSAGE);
    await expectRefused(
      client,
      buildLinkedInExportZip({ withoutProfile: true }),
      "export.zip",
      422,
      NOT_A_PROFILE_MESSAGE,
    );
  });

  it("refuses a truncated ZIP as damaged", async () => {
    const zip = buildLinkedInExportZip();
    await expectRefused(
      client,
      zip.subarray(0, Math.floor(zip.length / 2)),
      "export.zip",
      422,
      MESSAGES_4XX.corrupt,
    );
  });

  it("refuses anything that is neither ZIP nor PDF, whatever its name", async () => {
    await expectRefused(
      client,
      strToU8("First Name,Last Name\nAvery,Quinn\n"),
      "Profile.zip",
      415,
      MESSAGES_4XX.invalidType,
    );
    const png = new Uint8Array([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
    ]);
    await expectRefused(client, png, "profile.pdf", 415, MESSAGES_4XX.invalidType);
  });

  it("refuses encrypted and truncated PDFs, and PDFs that are not a LinkedIn profile", async () => {
    await expectRefused(client, encryptedPdf(), "Profile.pdf", 422, MESSAGES_4XX.encrypted);
    const pdf = await buildLinkedInProfilePdf();
    await expectRefused(
      client,
      pdf.subarray(0, Math.floor(pdf.length / 2)),
      "Profile.pdf",
      422,
      MESSAGES_4XX.corrupt,
    );
    await expectRefused(client, await buildTextPdf(RESUME), "resume.pdf", 422, NOT_A_PROFILE_MESSAGE);
  });

  it("refuses files over 5 MB", async () => {
    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    big.set(strToU8("%PDF-1.4\n"));
    await expectRefused(client, big, "Profile.pdf", 413, MESSAGES_4XX.tooLarge);
  });

  it("refuses a request without a file", async () => {
    const form = new FormData();
    form.append("other", "x");
    const response = await client.request("/api/linkedin/import", { method: "POST", body: form });
    expect(response.status).toBe(400);
  });

  it("stored nothing for this user on any refusal", async () => {
    expect(await (await client.get("/api/linkedin/profile")).json()).toBeNull();
  });
});

describe("ownership", () => {
  it("never shows or deletes one user's profile for another, and deletes the owner's", async () => {
    const owner = await signUpVerified(h);
    const other = await signUpVerified(h);
    expect((await importFile(owner.client, buildLinkedInExportZip(), "export.zip")).status).toBe(200);
    expect(await (await other.client.get("/api/linkedin/profile")).json()).toBeNull();
    const sync = await other.client.post("/api/linkedin/sync", {
      profileUrl: "linkedin.com/in/avery-quinn-demo",
    });
    expect(sync.status).toBe(409);
    expect((await other.client.request("/api/linkedin/profile", { method: "DELETE" })).status).toBe(204);
    expect((await owner.client.get("/api/linkedin/profile")).status).toBe(200);

    const before = await storedCount();
    expect((await owner.client.request("/api/linkedin/profile", { method: "DELETE" })).status).toBe(204);
    expect(await (await owner.client.get("/api/linkedin/profile")).json()).toBeNull();
    expect(await storedCount()).toBe(before - 1);
  });
});

const RESUME = `Avery Quinn
avery.quinn@example.com | +1 555 010 0199 | Portland, OR

SUMMARY
Platform engineer with seven years of experience building reliable backend systems.

EXPERIENCE
Senior Platform Engineer, Northwind Analytics - Portland, OR
January 2021 - Present
• Built deployment pipelines in Go for 40 services, cutting deploy time from 30 to 6 minutes.
• Ran PostgreSQL upgrades with zero downtime for 12 product teams.

Software Engineer, Contoso Cloud - Seattle, WA
June 2017 - December 2020
• Built billing APIs in Go and PostgreSQL handling 2M requests a day.

EDUCATION
B.S. Computer Science, Oregon State University, 2017

SKILLS
Go, PostgreSQL, Linux, Git`;

const JOB = `Senior Platform Engineer

We are looking for a platform engineer to run our infrastructure.

Requirements:
- 5+ years of experience in platform or backend engineering
- Strong experience with Go and PostgreSQL
- Hands-on experience with Kubernetes and Terraform
- Experience with Prometheus or Grafana monitoring
`;

describe("imported skills feed later analyses", () => {
  it("a recommendation names LinkedIn skills the job asks for and the resume leaves out", async () => {
    const { client } = await signUpVerified(h);
    const analyze = async () => {
      const resume = (await (await client.post("/api/create-text-resume", { content: RESUME })).json()) as {
        id: number;
      };
      const response = await client.post("/api/analyze", { resumeId: resume.id, jobDescription: JOB });
      expect(response.status).toBe(200);
      const result = (await response.json()) as { recommendations: { title: string; description: string }[] };
      return result.recommendations.map((r) => `${r.title} — ${r.description}`).join("\n");
    };
    const withoutProfile = await analyze();
    expect(withoutProfile).not.toMatch(/LinkedIn/);

    expect((await importFile(client, buildLinkedInExportZip(), "export.zip")).status).toBe(200);
    const withProfile = await analyze();
    expect(withProfile).toMatch(/Kubernetes[^\n]*LinkedIn profile|LinkedIn profile[^\n]*Kubernetes/);
    expect(withProfile).toMatch(/Terraform[^\n]*LinkedIn profile|LinkedIn profile[^\n]*Terraform/);
  });
});
