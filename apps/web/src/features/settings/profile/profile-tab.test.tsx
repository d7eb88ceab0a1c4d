import type { TAuthUser } from "@resumelens/contract";
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { json, type Routes, sessionFor, TEST_CONFIG, TEST_USER } from "../../../test/fake-fetch.ts";
import { renderApp } from "../../../test/render-app.tsx";

const ME: TAuthUser = {
  id: TEST_USER.id,
  email: TEST_USER.email,
  emailVerified: true,
  user_metadata: { first_name: "Jane", last_name: "Doe" },
  subscription: "free",
  usageCount: 1,
  maxUsage: 3,
  providers: ["credential"],
};

const THIS_SESSION = {
  id: "s-this",
  browser: "Chrome 131",
  device: "macOS",
  createdAt: "2026-05-01T08:00:00.000Z",
  lastActiveAt: new Date().toISOString(),
  current: true,
};

/** A get-session answer whose user has (or has not) two-factor on. */
function session(twoFactorEnabled: boolean) {
  const base = sessionFor(TEST_USER);
  return { ...base, user: { ...base.user, twoFactorEnabled } };
}

/** Renders /settings (a lazily loaded page: the first render can take a while) and waits for the tab. */
async function openProfile({ path = "/settings", routes = {} }: { path?: string; routes?: Routes } = {}) {
  const result = renderApp({
    path,
    signedInAs: TEST_USER,
    routes: {
      "GET /api/auth/user": () => json(ME),
      "GET /api/user/preferences": () => json({ emailNotifications: true }),
      "GET /api/user/sessions": () => json({ sessions: [THIS_SESSION] }),
      ...routes,
    },
  });
  await screen.findByRole("heading", { level: 2, name: "Profile" }, { timeout: 5000 });
  return result;
}

let clicked: HTMLAnchorElement[] = [];
beforeEach(() => {
  clicked = [];
  URL.createObjectURL = vi.fn(() => "blob:data");
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("settings → profile: Profile card", () => {
  it("prefills the names, shows the email read-only and saves trimmed names", async () => {
    let me = ME;
    const { user, server } = await openProfile({
      routes: {
        "GET /api/auth/user": () => json(me),
        "PUT /api/user/profile": (request) => {
          const body = request.body as { firstName: string; lastName: string };
          me = { ...ME, user_metadata: { first_name: body.firstName, last_name: body.lastName || null } };
          return json(me);
        },
      },
    });
    const first = (await screen.findByLabelText("First name")) as HTMLInputElement;
    const last = screen.getByLabelText("Last name") as HTMLInputElement;
    const email = screen.getByLabelText("Email") as HTMLInputElement;
    expect(first.value).toBe("Jane");
    expect(last.value).toBe("Doe");
    expect(email.value).toBe(TEST_USER.email);
    expect(email.readOnly).toBe(true);
    expect(screen.getByText("Email cannot be changed")).toBeTruthy();
    expect(email.getAttribute("aria-describedby")).toBe(screen.getByText("Email cannot be changed").id);

    await user.clear(first);
    await user.type(first, "  Janet ");
    await user.clear(last);
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Profile Updated")).toBeTruthy();
    expect(server.requestsTo("PUT", "/api/user/profile")[0]?.body).toEqual({
      firstName: "Janet",
      lastName: "",
    });
    // Success refreshes /api/auth/user (docs/product.md#api-calls).
    await waitFor(() => expect(server.requestsTo("GET", "/api/auth/user").length).toBeGreaterThanOrEqual(2));
    expect(first.value).toBe("Janet");
  });

  it("shows 'Update Failed' with the server's message", async () => {
    const { user } = await openProfile({
      routes: {
        "PUT /api/user/profile": () =>
          json(
            { error: { code: "BAD_REQUEST", message: "Names cannot contain control characters." } },
            { status: 400 },
          ),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Update Failed")).toBeTruthy();
    expect(screen.getByText("Names cannot contain control characters.")).toBeTruthy();
  });

  it("refuses a name over the limit without calling the server", async () => {
    const { user, server } = await openProfile();
    const first = await screen.findByLabelText("First name");
    first.removeAttribute("maxlength");
    await user.clear(first);
    await user.type(first, "a".repeat(81));
    await user.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Update Failed")).toBeTruthy();
    expect(screen.getByText("Names are limited to 80 characters.")).toBeTruthy();
    expect(server.requestsTo("PUT", "/api/user/profile")).toHaveLength(0);
  });
});

describe("settings → profile: connected accounts", () => {
  it("shows email as primary sign-in, connected providers, and unconfigured ones disabled", async () => {
    await openProfile({
      routes: { "GET /api/auth/user": () => json({ ...ME, providers: ["credential", "github"] }) },
    });
    expect(await screen.findByText("Primary sign-in: Email")).toBeTruthy();
    const list = within(screen.getByRole("list", { name: "Connected accounts" }));
    const github = list.getByText("GitHub").closest("li") as HTMLElement;
    expect(within(github).getByText("Connected")).toBeTruthy();
    const google = list.getByRole("button", { name: "Connect Google" }) as HTMLButtonElement;
    expect(google.disabled).toBe(true);
    expect(list.getByText("Google sign-in is not configured on this server.")).toBeTruthy();
    expect((list.getByRole("button", { name: "Connect LinkedIn" }) as HTMLButtonElement).disabled).toBe(true);
  });

  const allConfigured = () => json({ ...TEST_CONFIG, socialProviders: ["github", "google", "linkedin"] });

  it("starts linking with the Better Auth client and the settings callback URLs", async () => {
    const { user, server } = await openProfile({
      routes: {
        "GET /api/config": allConfigured,
        // No redirect in the answer, so the test browser stays put.
        "POST /api/auth/link-social": () =>
          json({ url: "https://accounts.google.com/o/oauth2", redirect: false }),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Connect Google" }));
    await waitFor(() => expect(server.requestsTo("POST", "/api/auth/link-social")).toHaveLength(1));
    expect(server.requestsTo("POST", "/api/auth/link-social")[0]?.body).toEqual({
      provider: "google",
      callbackURL: "/settings?linked=google",
      errorCallbackURL: "/settings?link_failed=google",
    });
  });

  it("says 'Linking Failed' when linking cannot start", async () => {
    const { user } = await openProfile({
      routes: {
        "GET /api/config": allConfigured,
        "POST /api/auth/link-social": () =>
          json({ code: "EMAIL_NOT_VERIFIED", message: "Please confirm your email first." }, { status: 403 }),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Connect LinkedIn" }));
    expect(await screen.findByText("Linking Failed")).toBeTruthy();
    expect(screen.getByText("Please confirm your email first.")).toBeTruthy();
  });

  it("says 'Account Linked' on return from the provider and cleans the URL", async () => {
    await openProfile({ path: "/settings?linked=github" });
    expect(await screen.findByText("Account Linked")).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/settings"));
  });

  it("says 'Linking Failed' with the spec's fallback for an unknown error", async () => {
    await openProfile({ path: "/settings?link_failed=linkedin&error=unable_to_link_account" });
    expect(await screen.findByText("Linking Failed")).toBeTruthy();
    expect(screen.getByText("Failed to link LinkedIn account. Please try again.")).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/settings"));
  });
});

describe("settings → profile: two-factor authentication", () => {
  it("enrols: password, QR code and secret, code, then backup codes once", async () => {
    let enabled = false;
    const { user, server } = await openProfile({
      routes: {
        "GET /api/auth/get-session": () => json(session(enabled)),
        "POST /api/auth/two-factor/enable": (request) =>
          (request.body as { password: string }).password === "secret123"
            ? json({
                method: "totp",
                totpURI: "otpauth://totp/ResumeLens:jane?secret=JBSWY3DPEHPK3PXP&issuer=ResumeLens",
                backupCodes: ["aaaaa-bbbbb", "ccccc-ddddd"],
              })
            : json({ code: "INVALID_PASSWORD", message: "Invalid password" }, { status: 400 }),
        "POST /api/auth/two-factor/verify-totp": () => {
          enabled = true;
          return json({ token: "t", user: session(true).user });
        },
      },
    });
    const status = within(await screen.findByRole("region", { name: "Two-factor authentication" }));
    expect(status.getByText("Disabled")).toBeTruthy();
    await user.click(status.getByRole("button", { name: "Enable" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Turn on two-factor authentication" }));
    await user.type(dialog.getByLabelText("Password"), "wrong-password");
    await user.click(dialog.getByRole("button", { name: "Continue" }));
    expect(await dialog.findByText("Invalid password")).toBeTruthy();
    await user.clear(dialog.getByLabelText("Password"));
    await user.type(dialog.getByLabelText("Password"), "secret123");
    await user.click(dialog.getByRole("button", { name: "Continue" }));

    const qr = await dialog.findByRole("img", { name: "QR code for your authenticator app" });
    expect(qr.querySelector("svg")).toBeTruthy();
    expect(dialog.getByTestId("totp-secret").textContent).toBe("JBSW Y3DP EHPK 3PXP");
    await user.type(dialog.getByLabelText("6-digit code"), "12");
    await user.click(dialog.getByRole("button", { name: "Verify and turn on" }));
    expect(await dialog.findByText("Enter the 6-digit code from your authenticator app.")).toBeTruthy();
    expect(server.requestsTo("POST", "/api/auth/two-factor/verify-totp")).toHaveLength(0);
    await user.clear(dialog.getByLabelText("6-digit code"));
    await user.type(dialog.getByLabelText("6-digit code"), "123456");
    await user.click(dialog.getByRole("button", { name: "Verify and turn on" }));

    const saved = within(await screen.findByRole("dialog", { name: "Save your backup codes" }));
    const codes = saved.getByRole("list", { name: "Backup codes" });
    expect(
      within(codes)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["aaaaa-bbbbb", "ccccc-ddddd"]);
    await user.click(saved.getByRole("button", { name: "Download codes" }));
    expect(clicked.at(-1)?.download).toBe("resumelens-backup-codes.txt");
    await user.click(saved.getByRole("button", { name: "Done" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(await status.findByText("Enabled")).toBeTruthy();
    expect(status.getByRole("button", { name: "Disable" })).toBeTruthy();
    expect(screen.queryByText("aaaaa-bbbbb")).toBeNull();
  });

  it("cannot be turned on for an account without a password", async () => {
    await openProfile({ routes: { "GET /api/auth/user": () => json({ ...ME, providers: ["github"] }) } });
    const status = within(screen.getByRole("region", { name: "Two-factor authentication" }));
    expect((status.getByRole("button", { name: "Enable" }) as HTMLButtonElement).disabled).toBe(true);
    expect(status.getByText(/protects password sign-in/)).toBeTruthy();
  });

  it("disables with a code", async () => {
    let enabled = true;
    const { user, server } = await openProfile({
      routes: {
        "GET /api/auth/get-session": () => json(session(enabled)),
        "POST /api/user/two-factor/disable": (request) => {
          if ((request.body as { code: string }).code !== "654321") {
            return json(
              {
                error: {
                  code: "BAD_REQUEST",
                  message: "That code is not valid. Check your authenticator app and try again.",
                },
              },
              { status: 400 },
            );
          }
          enabled = false;
          return json({ success: true });
        },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Disable" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Turn off two-factor authentication" }));
    await user.type(dialog.getByLabelText("Authentication code"), "111111");
    await user.click(dialog.getByRole("button", { name: "Turn off" }));
    expect(
      await dialog.findByText("That code is not valid. Check your authenticator app and try again."),
    ).toBeTruthy();
    await user.clear(dialog.getByLabelText("Authentication code"));
    await user.type(dialog.getByLabelText("Authentication code"), "654321");
    await user.click(dialog.getByRole("button", { name: "Turn off" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await screen.findByRole("button", { name: "Enable" })).toBeTruthy();
    expect(server.requestsTo("POST", "/api/user/two-factor/disable").at(-1)?.body).toEqual({
      code: "654321",
    });
  });
});

describe("settings → profile: preferences, support and data", () => {
  it("toggles email notifications on the server", async () => {
    const { user, server } = await openProfile({
      routes: {
        "PUT /api/user/preferences": (request) => json(request.body),
      },
    });
    const toggle = await screen.findByRole("switch", { name: "Email notifications" });
    await waitFor(() => expect((toggle as HTMLButtonElement).disabled).toBe(false));
    expect(toggle.getAttribute("aria-checked")).toBe("true");
    expect(screen.getByText("Enabled", { selector: "span" })).toBeTruthy();
    await user.click(toggle);
    await waitFor(() => expect(toggle.getAttribute("aria-checked")).toBe("false"));
    expect(server.requestsTo("PUT", "/api/user/preferences")[0]?.body).toEqual({ emailNotifications: false });
    expect(screen.getAllByText("Disabled").length).toBeGreaterThan(0);
  });

  it("puts the switch back and says 'Update Failed' when saving fails", async () => {
    const { user } = await openProfile({
      routes: {
        "GET /api/user/preferences": () => json({ emailNotifications: false }),
        "PUT /api/user/preferences": () =>
          json({ error: { code: "INTERNAL", message: "Oops" } }, { status: 500 }),
      },
    });
    const toggle = await screen.findByRole("switch", { name: "Email notifications" });
    await waitFor(() => expect(toggle.getAttribute("aria-checked")).toBe("false"));
    await waitFor(() => expect((toggle as HTMLButtonElement).disabled).toBe(false));
    await user.click(toggle);
    expect(await screen.findByText("Update Failed")).toBeTruthy();
    await waitFor(() => expect(toggle.getAttribute("aria-checked")).toBe("false"));
  });

  it("links Contact Support to a pre-filled email and downloads the data export", async () => {
    const { user, server } = await openProfile({
      routes: {
        "POST /api/user/export": () =>
          new Response(new Uint8Array([80, 75, 3, 4]), {
            headers: {
              "Content-Type": "application/zip",
              "Content-Disposition": 'attachment; filename="resumelens-data-2026-05-04.zip"',
            },
          }),
      },
    });
    const support = (await screen.findByRole("link", { name: "Contact Support" })).getAttribute("href") ?? "";
    expect(support.startsWith(`mailto:${TEST_CONFIG.supportEmail}?`)).toBe(true);
    expect(decodeURIComponent(support)).toContain(`Account email: ${TEST_USER.email}`);
    expect(decodeURIComponent(support)).toContain("Plan: Free");

    await user.click(screen.getByRole("button", { name: "Download my data" }));
    expect(await screen.findByText("Export Successful")).toBeTruthy();
    expect(server.requestsTo("POST", "/api/user/export")).toHaveLength(1);
    expect(clicked.at(-1)?.download).toBe("resumelens-data-2026-05-04.zip");
  });

  it("reports a failed export", async () => {
    const { user } = await openProfile({
      routes: {
        "POST /api/user/export": () =>
          json({ error: { code: "RATE_LIMITED", message: "Too many data exports." } }, { status: 429 }),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Download my data" }));
    expect(await screen.findByText("Export Failed")).toBeTruthy();
    expect(screen.getByText("Too many data exports.")).toBeTruthy();
  });
});

describe("settings → profile: Danger Zone", () => {
  it("deletes the account only after the email and the password are typed, then goes to /", async () => {
    let deleted = false;
    const { user, server } = await openProfile({
      routes: {
        "GET /api/auth/get-session": () => json(deleted ? null : session(false)),
        "DELETE /api/user": () => {
          deleted = true;
          return json({ success: true });
        },
      },
    });
    await user.click(await screen.findByRole("button", { name: "Delete Account" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Delete your account?" }));
    expect(dialog.getByText(/every resume you uploaded or pasted/)).toBeTruthy();
    const confirm = dialog.getByRole("button", { name: "Delete my account" }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    expect(dialog.queryByLabelText("Authentication code")).toBeNull();
    await user.type(dialog.getByLabelText("Type your email to confirm"), "someone@example.com");
    await user.type(dialog.getByLabelText("Password"), "my password");
    expect(confirm.disabled).toBe(true);
    await user.clear(dialog.getByLabelText("Type your email to confirm"));
    await user.type(dialog.getByLabelText("Type your email to confirm"), TEST_USER.email.toUpperCase());
    await user.clear(dialog.getByLabelText("Password"));
    // The right email alone is not enough: a session cookie must not erase the account.
    expect(confirm.disabled).toBe(true);
    await user.type(dialog.getByLabelText("Password"), "my password");
    expect(confirm.disabled).toBe(false);
    await user.click(confirm);

    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/"), { timeout: 3000 });
    expect(server.requestsTo("DELETE", "/api/user")[0]?.body).toEqual({
      confirmEmail: TEST_USER.email.toUpperCase(),
      password: "my password",
    });
    expect(await screen.findByText("Account deleted")).toBeTruthy();
  });

  it("asks for a code as well when two-factor is on", async () => {
    const { user, server } = await openProfile({
      routes: {
        "GET /api/auth/get-session": () => json(session(true)),
        "DELETE /api/user": () => json({ success: true }),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Delete Account" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Delete your account?" }));
    const confirm = dialog.getByRole("button", { name: "Delete my account" }) as HTMLButtonElement;
    await user.type(dialog.getByLabelText("Type your email to confirm"), TEST_USER.email);
    await user.type(dialog.getByLabelText("Password"), "my password");
    expect(confirm.disabled).toBe(true);
    await user.type(dialog.getByLabelText("Authentication code"), " 123456 ");
    expect(confirm.disabled).toBe(false);
    await user.click(confirm);
    await waitFor(() => expect(server.requestsTo("DELETE", "/api/user")).toHaveLength(1));
    expect(server.requestsTo("DELETE", "/api/user")[0]?.body).toEqual({
      confirmEmail: TEST_USER.email,
      password: "my password",
      code: "123456",
    });
  });

  it("asks an account without a password for a recent sign-in, and shows the server's answer", async () => {
    const message =
      "For your security, please sign out and sign in again, then delete your account within 10 minutes.";
    const { user, server } = await openProfile({
      routes: {
        "GET /api/auth/user": () => json({ ...ME, providers: ["google"] }),
        "DELETE /api/user": () => json({ error: { code: "FORBIDDEN", message } }, { status: 403 }),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Delete Account" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Delete your account?" }));
    expect(dialog.queryByLabelText("Password")).toBeNull();
    expect(dialog.getByText(/within 10 minutes of signing in/)).toBeTruthy();
    await user.type(dialog.getByLabelText("Type your email to confirm"), TEST_USER.email);
    await user.click(dialog.getByRole("button", { name: "Delete my account" }));
    expect(await dialog.findByText(message)).toBeTruthy();
    expect(server.requestsTo("DELETE", "/api/user")[0]?.body).toEqual({ confirmEmail: TEST_USER.email });
    expect(screen.getByTestId("location").textContent).toBe("/settings");
  });

  it("shows the server's refusal and keeps the user on the page", async () => {
    const { user } = await openProfile({
      routes: {
        "DELETE /api/user": () =>
          json(
            {
              error: {
                code: "BAD_REQUEST",
                message: "The email you typed does not match your account's email.",
              },
            },
            { status: 400 },
          ),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Delete Account" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Delete your account?" }));
    await user.type(dialog.getByLabelText("Type your email to confirm"), TEST_USER.email);
    await user.type(dialog.getByLabelText("Password"), "my password");
    await user.click(dialog.getByRole("button", { name: "Delete my account" }));
    expect(await dialog.findByText("The email you typed does not match your account's email.")).toBeTruthy();
    expect(screen.getByTestId("location").textContent).toBe("/settings");
  });
});

describe("settings → profile: sessions", () => {
  it("lists where the account is signed in, this device marked, and signs out everywhere else", async () => {
    let sessions = [
      THIS_SESSION,
      {
        id: "s-other",
        browser: "Firefox 128",
        device: "Windows",
        createdAt: "2026-04-01T08:00:00.000Z",
        lastActiveAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
        current: false,
      },
    ];
    const { user, server } = await openProfile({
      routes: {
        "GET /api/user/sessions": () => json({ sessions }),
        "POST /api/user/sessions/sign-out-others": () => {
          sessions = [THIS_SESSION];
          return json({ signedOut: 1 });
        },
      },
    });
    const list = await screen.findByRole("list", { name: "Signed-in sessions" });
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(within(items[0] as HTMLElement).getByText("Chrome 131 on macOS")).toBeTruthy();
    expect(within(items[0] as HTMLElement).getByText("This device")).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText("Firefox 128 on Windows")).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText("Last active 3 hours ago")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Sign out everywhere" }));
    expect(await screen.findByText("Signed out everywhere")).toBeTruthy();
    expect(server.requestsTo("POST", "/api/user/sessions/sign-out-others")).toHaveLength(1);
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(1));
    expect((screen.getByRole("button", { name: "Sign out everywhere" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});
