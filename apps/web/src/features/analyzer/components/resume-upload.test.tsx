import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { json, type RecordedRequest, type RouteHandler } from "../../../test/fake-fetch.ts";
import { renderApp } from "../../../test/render-app.tsx";
import { NO_RESUME, type UploadedResume } from "../api/upload-resume.ts";
import { ResumeUpload } from "./resume-upload.tsx";

function Harness({ initial = NO_RESUME }: { initial?: UploadedResume }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <ResumeUpload value={value} onChange={setValue} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

function renderWidget(upload?: RouteHandler, initial?: UploadedResume) {
  const result = renderApp({
    children: <Harness initial={initial} />,
    routes: upload ? { "POST /api/upload-resume": upload } : {},
  });
  // Our own user-event, which does not filter by `accept`: the widget's own check is under test.
  const user = userEvent.setup({ applyAccept: false });
  return {
    ...result,
    user,
    input: screen.getByTestId("resume-file-input") as HTMLInputElement,
    uploads: () => result.server.requestsTo("POST", "/api/upload-resume"),
  };
}

function file(name: string, type: string, size = 1024): File {
  const f = new File(["x"], name, { type });
  Object.defineProperty(f, "size", { value: size });
  return f;
}

const PDF = () => file("jane-doe.pdf", "application/pdf");

/** The toast with this title, once shown. */
async function findToast(title: string): Promise<HTMLElement> {
  const region = await screen.findByRole("region", { name: /Notifications/ });
  const [titleEl] = await within(region).findAllByText(title);
  const toast = titleEl?.closest("[data-variant]");
  if (!(toast instanceof HTMLElement)) throw new Error(`No toast around "${title}"`);
  return toast;
}

/** The name of the file a recorded upload request carried in its `resume` field. */
function sentFileName(request: RecordedRequest | undefined): string | undefined {
  const body = request?.body;
  if (!(body instanceof FormData)) return undefined;
  const sent = body.get("resume");
  return sent instanceof File ? sent.name : undefined;
}

function currentValue(): UploadedResume {
  return JSON.parse(screen.getByTestId("value").textContent ?? "{}") as UploadedResume;
}

describe("ResumeUpload", () => {
  it("shows the idle prompt, the Choose File button and the hint", () => {
    const { input } = renderWidget();
    expect(screen.getByText("Drop your resume here")).toBeTruthy();
    expect(screen.getByText("or click to browse files")).toBeTruthy();
    expect(screen.getByText("For best results, upload as .txt file")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Choose File" })).toBeTruthy();
    expect(screen.getByTestId("resume-drop-zone").dataset.state).toBe("idle");
    const accept = input.accept.split(",");
    expect(accept).toEqual(expect.arrayContaining([".pdf", ".doc", ".docx", ".txt", "application/pdf"]));
  });

  it("opens the file picker from the Choose File button with the keyboard", async () => {
    const { user, input } = renderWidget();
    const click = vi.spyOn(input, "click").mockImplementation(() => {});
    const button = screen.getByRole("button", { name: "Choose File" });
    await user.tab();
    expect(document.activeElement).toBe(button);
    await user.keyboard("{Enter}");
    await user.keyboard(" ");
    expect(click).toHaveBeenCalledTimes(2);
  });

  it("uploads a chosen file as multipart with cookies, then shows it as uploaded", async () => {
    let answer: (response: Response) => void = () => {};
    const { user, input, uploads } = renderWidget(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    await user.upload(input, PDF());

    expect(await screen.findByText("Uploading...")).toBeTruthy();
    expect(screen.getByTestId("resume-drop-zone").dataset.state).toBe("uploading");
    const [request] = uploads();
    expect(uploads()).toHaveLength(1);
    expect(request?.credentials).toBe("include");
    expect(request?.headers.has("Content-Type")).toBe(false);
    expect(request?.body).toBeInstanceOf(FormData);
    expect(sentFileName(request)).toBe("jane-doe.pdf");

    await act(async () => answer(json({ id: 42, filename: "jane-doe.pdf" })));

    const toast = await findToast("Upload successful");
    expect(toast.dataset.variant).toBe("default");
    expect(within(toast).getByText("Your resume has been uploaded successfully.")).toBeTruthy();
    expect(screen.getByText("jane-doe.pdf")).toBeTruthy();
    expect(screen.queryByText("Drop your resume here")).toBeNull();
    expect(currentValue()).toEqual({ id: 42, filename: "jane-doe.pdf" });
  });

  it("removes the uploaded file: back to id 0, an empty name and a cleared input", async () => {
    const { user, input } = renderWidget(() => json({ id: 42, filename: "jane-doe.pdf" }));
    await user.upload(input, PDF());
    const remove = await screen.findByRole("button", { name: "Remove file" });
    expect(document.activeElement).toBe(remove);
    expect(input.files).toHaveLength(1);

    await user.click(remove);

    expect(currentValue()).toEqual({ id: 0, filename: "" });
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Choose File" }));
    expect(input.value).toBe("");
    expect(input.files).toHaveLength(0);
    expect(screen.getByText("Drop your resume here")).toBeTruthy();
  });

  it.each([
    ["an unknown extension", file("photo.png", "image/png")],
    ["a resume extension with a foreign content type", file("resume.pdf", "image/png")],
    ["a resume content type with a foreign extension", file("resume.exe", "application/pdf")],
  ])("refuses %s with 'Invalid file type' and makes no request", async (_case, bad) => {
    const { user, input, uploads } = renderWidget(() => json({ id: 1, filename: "x" }));
    await user.upload(input, bad);
    const toast = await findToast("Invalid file type");
    expect(toast.dataset.variant).toBe("destructive");
    expect(within(toast).getByText("Please upload a PDF, DOC, DOCX, or TXT file.")).toBeTruthy();
    expect(uploads()).toEqual([]);
    expect(input.value).toBe("");
  });

  it("refuses a file over 5 MB with 'File too large' and makes no request", async () => {
    const { user, input, uploads } = renderWidget(() => json({ id: 1, filename: "x" }));
    await user.upload(input, file("big.txt", "text/plain", 5 * 1024 * 1024 + 1));
    const toast = await findToast("File too large");
    expect(toast.dataset.variant).toBe("destructive");
    expect(within(toast).getByText("Please upload a file smaller than 5MB.")).toBeTruthy();
    expect(uploads()).toEqual([]);
  });

  it("accepts exactly 5 MB, and a .docx whose content type the browser left empty", async () => {
    const { user, input, uploads } = renderWidget(() => json({ id: 3, filename: "cv.docx" }));
    await user.upload(input, file("exact.txt", "text/plain", 5 * 1024 * 1024));
    await screen.findByRole("button", { name: "Remove file" });
    await user.click(screen.getByRole("button", { name: "Remove file" }));
    await user.upload(input, file("cv.docx", ""));
    await waitFor(() => expect(uploads()).toHaveLength(2));
  });

  it.each([
    [415, "Please upload a PDF, DOC, DOCX, or TXT file."],
    [413, "Please upload a file smaller than 5MB."],
    [422, "This PDF is password-protected. Please remove the password and try again."],
  ])("shows the server's message when it answers %i", async (status, message) => {
    const { user, input } = renderWidget(() => json({ error: { code: "BAD_REQUEST", message } }, { status }));
    await user.upload(input, PDF());
    const toast = await findToast("Upload failed");
    expect(toast.dataset.variant).toBe("destructive");
    expect(within(toast).getByText(message)).toBeTruthy();
    expect(screen.getByText("Drop your resume here")).toBeTruthy();
    expect(currentValue()).toEqual(NO_RESUME);
    expect(input.value).toBe("");
  });

  it("falls back to 'Upload failed' when a refusal carries no message", async () => {
    const { user, input } = renderWidget(() => new Response("<html>Bad request</html>", { status: 400 }));
    await user.upload(input, PDF());
    const toast = await findToast("Upload failed");
    expect(within(toast).getAllByText("Upload failed")).toHaveLength(2);
  });

  it("says the server is unavailable for a gateway's 502 page, not 'Upload failed'", async () => {
    const { user, input } = renderWidget(() => new Response("<html>Bad gateway</html>", { status: 502 }));
    await user.upload(input, PDF());
    const toast = await findToast("Upload failed");
    expect(
      within(toast).getByText("ResumeLens is not available right now. Please try again in a moment."),
    ).toBeTruthy();
  });

  it("asks to check the connection when the network fails", async () => {
    const { user, input } = renderWidget(() => Promise.reject(new TypeError("Failed to fetch")));
    await user.upload(input, PDF());
    const toast = await findToast("Upload failed");
    expect(
      within(toast).getByText("We couldn't reach ResumeLens. Please check your connection and try again."),
    ).toBeTruthy();
  });

  it("says 'Failed to upload resume' when the answer is not an upload", async () => {
    const { user, input } = renderWidget(() => new Response("<html>a login page</html>", { status: 200 }));
    await user.upload(input, PDF());
    const toast = await findToast("Upload failed");
    expect(within(toast).getByText("Failed to upload resume")).toBeTruthy();
  });

  it("highlights while a file is dragged over and announces it", () => {
    renderWidget();
    const zone = screen.getByTestId("resume-drop-zone");
    fireEvent.dragEnter(zone, { dataTransfer: { files: [], dropEffect: "none" } });
    expect(zone.dataset.state).toBe("dragging");
    expect(zone.className).toContain("border-primary");
    const announcement = screen.getByText("Release to upload your resume.");
    expect(announcement.getAttribute("role")).toBe("status");
    fireEvent.dragLeave(zone, { dataTransfer: { files: [] } });
    expect(zone.dataset.state).toBe("idle");
    expect(announcement.textContent).toBe("");
  });

  it("uploads only the first of several dropped files", async () => {
    const { uploads } = renderWidget(() => json({ id: 9, filename: "first.txt" }));
    const zone = screen.getByTestId("resume-drop-zone");
    fireEvent.dragOver(zone, { dataTransfer: { files: [], dropEffect: "none" } });
    fireEvent.drop(zone, {
      dataTransfer: { files: [file("first.txt", "text/plain"), file("second.pdf", "application/pdf")] },
    });
    await screen.findByRole("button", { name: "Remove file" });
    expect(uploads()).toHaveLength(1);
    expect(sentFileName(uploads()[0])).toBe("first.txt");
    expect(screen.getByText("first.txt")).toBeTruthy();
  });

  it("checks a dropped file too: an invalid one makes no request", async () => {
    const { uploads } = renderWidget(() => json({ id: 9, filename: "x" }));
    fireEvent.drop(screen.getByTestId("resume-drop-zone"), {
      dataTransfer: { files: [file("notes.rtf", "application/rtf")] },
    });
    await findToast("Invalid file type");
    expect(uploads()).toEqual([]);
  });

  it("shows an already uploaded resume passed in", () => {
    renderWidget(undefined, { id: 5, filename: "Text Resume" });
    expect(screen.getByText("Text Resume")).toBeTruthy();
    expect(screen.getByText("Upload successful")).toBeTruthy();
  });
});
