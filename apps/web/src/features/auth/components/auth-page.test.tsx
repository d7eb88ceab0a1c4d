import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { expectConsoleError } from "../../../test/console.ts";
import { json, TEST_CONFIG } from "../../../test/fake-fetch.ts";
import { renderApp } from "../../../test/render-app.tsx";

async function openAuthPage(options: Parameters<typeof renderApp>[0] = {}) {
  const result = renderApp({ path: "/auth", ...options });
  // hidden: an open dialog hides the page behind it from the accessibility tree.
  await screen.findByRole("heading", { level: 1, name: "Welcome to ResumeLens", hidden: true });
  return result;
}

/** A provider button once the server's config says it can be used. */
async function enabledButton(name: string) {
  await waitFor(() => expect(screen.getByRole("button", { name }).hasAttribute("disabled")).toBe(false));
  return screen.getByRole("button", { name });
}

function form(name: "Sign in" | "Sign up") {
  return within(screen.getByRole("form", { name }));
}

describe("auth page: forms", () => {
  it("labels every input and uses email-typed email fields", async () => {
    const { user } = await openAuthPage();
    expect(screen.getByRole("tab", { name: "Sign In", selected: true })).toBeTruthy();
    expect((form("Sign in").getByLabelText("Email") as HTMLInputElement).type).toBe("email");
    expect((form("Sign in").getByLabelText("Password") as HTMLInputElement).type).toBe("password");

    await user.click(screen.getByRole("tab", { name: "Sign Up" }));
    expect((form("Sign up").getByLabelText("Email") as HTMLInputElement).type).toBe("email");
    expect(form("Sign up").getByLabelText("Password")).toBeTruthy();
    expect(form("Sign up").getByLabelText("Confirm password")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to home" }).getAttribute("href")).toBe("/");
  });

  it("asks for an email and password when sign-in is submitted empty", async () => {
    const { user, server } = await openAuthPage();
    await user.click(form("Sign in").getByRole("button", { name: "Sign In" }));
    expect(
      await screen.findByText("You must provide either an email or phone number and a password"),
    ).toBeTruthy();
    expect(form("Sign in").getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
    expect(server.requestsTo("POST", "/api/auth/sign-in/email")).toHaveLength(0);
  });

  it("asks for an email and password when sign-up is submitted empty", async () => {
    const { user, server } = await openAuthPage();
    await user.click(screen.getByRole("tab", { name: "Sign Up" }));
    await user.click(form("Sign up").getByRole("button", { name: "Create Account" }));
    expect(
      await screen.findByText("You must provide either an email or phone number and a password"),
    ).toBeTruthy();
    expect(server.requestsTo("POST", "/api/auth/sign-up/email")).toHaveLength(0);
  });

  it("says when the passwords do not match", async () => {
    const { user, server } = await openAuthPage();
    await user.click(screen.getByRole("tab", { name: "Sign Up" }));
    await user.type(form("Sign up").getByLabelText("Email"), "new@example.com");
    await user.type(form("Sign up").getByLabelText("Password"), "secret123");
    await user.type(form("Sign up").getByLabelText("Confirm password"), "secret124");
    await user.click(form("Sign up").getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText("Passwords do not match")).toBeTruthy();
    expect(server.requestsTo("POST", "/api/auth/sign-up/email")).toHaveLength(0);
  });

  it("says when the password is too short", async () => {
    const { user, server } = await openAuthPage();
    await user.click(screen.getByRole("tab", { name: "Sign Up" }));
    await user.type(form("Sign up").getByLabelText("Email"), "new@example.com");
    await user.type(form("Sign up").getByLabelText("Password"), "abc");
    await user.type(form("Sign up").getByLabelText("Confirm password"), "abc");
    await user.click(form("Sign up").getByRole("button", { name: "Create Account" }));
    expect(await screen.findByText("Password must be at least 6 characters")).toBeTruthy();
    expect(server.requestsTo("POST", "/api/auth/sign-up/email")).toHaveLength(0);
  });

  it("signs up, tells the user to check their email and switches to Sign In", async () => {
    const alert = vi.spyOn(window, "alert").mockImplementation(() => {});
    const { user, server } = await openAuthPage({
      routes: { "POST /api/auth/sign-up/email": () => json({ token: null, user: { id: "u2" } }) },
    });
    await user.click(screen.getByRole("tab", { name: "Sign Up" }));
    await user.type(form("Sign up").getByLabelText("Email"), "new@example.com");
    await user.type(form("Sign up").getByLabelText("Password"), "secret123");
    await user.type(form("Sign up").getByLabelText("Confirm password"), "secret123");
    await user.click(form("Sign up").getByRole("button", { name: "Create Account" }));

    await waitFor(() => expect(alert).toHaveBeenCalledWith("Check your email for a confirmation link!"));
    expect(server.requestsTo("POST", "/api/auth/sign-up/email")[0]?.body).toEqual({
      email: "new@example.com",
      password: "secret123",
      name: "",
      callbackURL: "/",
    });
    expect(await screen.findByRole("tab", { name: "Sign In", selected: true })).toBeTruthy();
    expect((form("Sign in").getByLabelText("Email") as HTMLInputElement).value).toBe("new@example.com");
  });

  it("shows the server's message when sign-up fails", async () => {
    const { user } = await openAuthPage({
      routes: {
        "POST /api/auth/sign-up/email": () =>
          json(
            { code: "USER_ALREADY_EXISTS", message: "User already exists. Use another email." },
            { status: 422 },
          ),
      },
    });
    await user.click(screen.getByRole("tab", { name: "Sign Up" }));
    await user.type(form("Sign up").getByLabelText("Email"), "taken@example.com");
    await user.type(form("Sign up").getByLabelText("Password"), "secret123");
    await user.type(form("Sign up").getByLabelText("Confirm password"), "secret123");
    await user.click(form("Sign up").getByRole("button", { name: "Create Account" }));
    expect((await screen.findByRole("alert")).textContent).toContain(
      "User already exists. Use another email.",
    );
  });

  it("shows the server's message when sign-in fails, or 'Failed to sign in' without one", async () => {
    let message = "Invalid email or password";
    const { user } = await openAuthPage({
      routes: {
        "POST /api/auth/sign-in/email": () =>
          json({ code: "INVALID_EMAIL_OR_PASSWORD", message }, { status: 401 }),
      },
    });
    await user.type(form("Sign in").getByLabelText("Email"), "jane@example.com");
    await user.type(form("Sign in").getByLabelText("Password"), "wrongpass");
    await user.click(form("Sign in").getByRole("button", { name: "Sign In" }));
    expect((await screen.findByRole("alert")).textContent).toContain("Invalid email or password");

    message = "";
    await user.click(form("Sign in").getByRole("button", { name: "Sign In" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("Failed to sign in"));
  });

  it("explains an unverified email and that a new link was sent", async () => {
    const { user } = await openAuthPage({
      routes: {
        "POST /api/auth/sign-in/email": () =>
          json({ code: "EMAIL_NOT_VERIFIED", message: "Email not verified" }, { status: 403 }),
      },
    });
    await user.type(form("Sign in").getByLabelText("Email"), "jane@example.com");
    await user.type(form("Sign in").getByLabelText("Password"), "secret123");
    await user.click(form("Sign in").getByRole("button", { name: "Sign In" }));
    const reminder = await screen.findByRole("region", { name: "Confirm your email address" });
    expect(reminder.textContent).toContain("We sent a confirmation link to jane@example.com");
    // The server mailed a link a moment ago: 'Resend' waits out the minute, counting down.
    expect(within(reminder).getByRole("button", { name: "Resend" }).hasAttribute("disabled")).toBe(true);
    expect(within(reminder).getByText(/You can resend in \d+ s/)).toBeTruthy();
    // And the form says why it did not sign in, also when the reminder was already on screen.
    expect(screen.getByRole("alert").textContent).toBe(
      "Confirm your email address first: we've sent a new link to jane@example.com.",
    );
  });

  it("shows a busy state while signing in, then leaves /auth once signed in", async () => {
    let release: () => void = () => {};
    let signedIn = false;
    const { user } = await openAuthPage({
      routes: {
        "POST /api/auth/sign-in/email": () =>
          new Promise<Response>((resolve) => {
            release = () => {
              signedIn = true;
              resolve(json({ redirect: false, token: "t", user: { id: "user-1" } }));
            };
          }),
        "GET /api/auth/get-session": async () => {
          const { sessionFor, TEST_USER } = await import("../../../test/fake-fetch.ts");
          return json(signedIn ? sessionFor(TEST_USER) : null);
        },
      },
    });
    await user.type(form("Sign in").getByLabelText("Email"), "jane.doe@example.com");
    await user.type(form("Sign in").getByLabelText("Password"), "secret123");
    await user.click(form("Sign in").getByRole("button", { name: "Sign In" }));

    const busy = await screen.findByRole("button", { name: "Signing in..." });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    release();
    expect(await screen.findByRole("heading", { level: 1, name: "Resume Analyzer" })).toBeTruthy();
    expect(screen.getByTestId("location").textContent).toBe("/");
  });
});

describe("auth page: return to the page asked for", () => {
  it("sends a visitor from /settings to /auth, and back to /settings once signed in", async () => {
    let signedIn = false;
    const { user, server } = renderApp({
      path: "/settings?tab=profile",
      routes: {
        // The settings page reads the account; its content is not what this test is about.
        "GET /api/auth/user": () => json({ error: { code: "UNAUTHORIZED", message: "" } }, { status: 401 }),
        "POST /api/auth/sign-in/email": () => {
          signedIn = true;
          return json({ redirect: false, token: "t", user: { id: "user-1" } });
        },
        "GET /api/auth/get-session": async () => {
          const { sessionFor, TEST_USER } = await import("../../../test/fake-fetch.ts");
          return json(signedIn ? sessionFor(TEST_USER) : null);
        },
      },
    });
    await screen.findByRole("heading", { level: 1, name: "Welcome to ResumeLens" });
    expect(screen.getByTestId("location").textContent).toBe("/auth");
    await user.type(form("Sign in").getByLabelText("Email"), "jane.doe@example.com");
    await user.type(form("Sign in").getByLabelText("Password"), "secret123");
    await user.click(form("Sign in").getByRole("button", { name: "Sign In" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/settings?tab=profile"));
    // A new confirmation link (for an unverified address) would lead there too.
    expect(server.requestsTo("POST", "/api/auth/sign-in/email")[0]?.body).toMatchObject({
      callbackURL: "/settings?tab=profile",
    });
  });

  it("ignores a return address off this site", async () => {
    let signedIn = false;
    const { user } = await openAuthPage({
      path: "/auth?next=%2F%2Fevil.example%2Fhistory",
      routes: {
        "POST /api/auth/sign-in/email": () => {
          signedIn = true;
          return json({ redirect: false, token: "t", user: { id: "user-1" } });
        },
        "GET /api/auth/get-session": async () => {
          const { sessionFor, TEST_USER } = await import("../../../test/fake-fetch.ts");
          return json(signedIn ? sessionFor(TEST_USER) : null);
        },
      },
    });
    await user.type(form("Sign in").getByLabelText("Email"), "jane.doe@example.com");
    await user.type(form("Sign in").getByLabelText("Password"), "secret123");
    await user.click(form("Sign in").getByRole("button", { name: "Sign In" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/"));
  });
});

describe("auth page: URL handling", () => {
  it("cleans a `code` callback parameter from the browser URL and re-reads the session", async () => {
    const { server } = renderApp({ path: "/auth?code=abc123&state=xyz", browserHistory: true });
    await screen.findByRole("heading", { level: 1, name: "Welcome to ResumeLens" });
    await waitFor(() => expect(window.location.search).toBe(""));
    expect(window.location.pathname).toBe("/auth");
    await waitFor(() =>
      expect(server.requestsTo("GET", "/api/auth/get-session").length).toBeGreaterThanOrEqual(2),
    );
  });

  it("shows error_description from the query as an error", async () => {
    await openAuthPage({ path: "/auth?error=server_error&error_description=The%20link%20has%20expired" });
    expect((await screen.findByRole("alert")).textContent).toContain("The link has expired");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows error_description from the hash as an error", async () => {
    await openAuthPage({ path: "/auth#error=access_denied&error_description=Access%20denied%20by%20user" });
    expect((await screen.findByRole("alert")).textContent).toContain("Access denied by user");
  });

  it("opens the conflict dialog for 'Multiple accounts' and advances one step at a time", async () => {
    const { user } = await openAuthPage({ path: "/auth?error_description=Multiple%20accounts" });
    const dialog = await screen.findByRole("dialog", { name: "This email already has an account" });
    expect(
      within(dialog).getByText(/sign in with your original method \(email\/password\) first/),
    ).toBeTruthy();
    expect(within(dialog).getByText(/link your GitHub account in Settings/)).toBeTruthy();

    const steps = within(dialog).getAllByRole("listitem");
    expect(steps).toHaveLength(6);
    expect(steps[0]?.getAttribute("aria-current")).toBe("step");
    expect(within(dialog).getByText("Step 1 of 6")).toBeTruthy();

    const markComplete = within(dialog).getByRole("button", { name: "Mark Step Complete" });
    await user.click(markComplete);
    expect(steps[0]?.getAttribute("aria-current")).toBeNull();
    expect(steps[1]?.getAttribute("aria-current")).toBe("step");
    expect(within(dialog).getByText("Step 2 of 6")).toBeTruthy();

    for (let i = 0; i < 5; i++) await user.click(markComplete);
    expect(within(dialog).getByText("All steps complete")).toBeTruthy();
    expect((markComplete as HTMLButtonElement).disabled).toBe(true);

    const help = within(dialog).getByRole("link", { name: "Get Help" });
    expect(help.getAttribute("href")).toMatch(/^mailto:support@resumelens\.app\?subject=/);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("opens the conflict dialog for error=account_not_linked and offers email/password instead", async () => {
    const { user } = await openAuthPage({ path: "/auth?error=account_not_linked" });
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Sign in with email and password" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByRole("tab", { name: "Sign In", selected: true })).toBeTruthy();
    expect(screen.getByTestId("location").textContent).toBe("/auth");
  });
});

describe("auth page: social sign-in", () => {
  it("shows the providers the server has not configured as unavailable, with the reason", async () => {
    const { server } = await openAuthPage();
    const reason = await screen.findByText(
      "Google, Facebook and LinkedIn sign-in are not configured on this server. Use your email and password instead.",
    );
    for (const name of ["Google", "Facebook", "LinkedIn"]) {
      const button = screen.getByRole("button", { name });
      expect(button.hasAttribute("disabled")).toBe(true);
      expect(button.getAttribute("aria-describedby")).toBe(reason.id);
    }
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "GitHub" }).hasAttribute("disabled")).toBe(false),
    );
    expect(screen.getByRole("button", { name: "GitHub" }).getAttribute("aria-describedby")).toBeNull();
    expect(server.requestsTo("POST", "/api/auth/sign-in/social")).toHaveLength(0);
  });

  it("starts a configured provider's sign-in with the callback URLs", async () => {
    const { user, server } = await openAuthPage({
      routes: {
        // No redirect URL in the answer, so the test browser stays put.
        "POST /api/auth/sign-in/social": () => json({ redirect: false }),
      },
    });
    await user.click(await enabledButton("GitHub"));
    await waitFor(() => expect(server.requestsTo("POST", "/api/auth/sign-in/social")).toHaveLength(1));
    expect(server.requestsTo("POST", "/api/auth/sign-in/social")[0]?.body).toEqual({
      provider: "github",
      callbackURL: "/",
      errorCallbackURL: "/auth",
      newUserCallbackURL: "/",
    });
  });

  it("brings the person back to the page they asked for, through the provider and its errors", async () => {
    const { user, server } = await openAuthPage({
      path: "/auth?next=%2Fhistory",
      routes: { "POST /api/auth/sign-in/social": () => json({ redirect: false }) },
    });
    await user.click(await enabledButton("GitHub"));
    await waitFor(() => expect(server.requestsTo("POST", "/api/auth/sign-in/social")).toHaveLength(1));
    expect(server.requestsTo("POST", "/api/auth/sign-in/social")[0]?.body).toEqual({
      provider: "github",
      callbackURL: "/history",
      errorCallbackURL: "/auth?next=%2Fhistory",
      newUserCallbackURL: "/history",
    });
  });

  it("opens the conflict dialog when the provider reports an account clash", async () => {
    const { user } = await openAuthPage({
      routes: {
        "POST /api/auth/sign-in/social": () =>
          json({ code: "CONFLICT", message: "Multiple accounts share this email" }, { status: 400 }),
      },
    });
    await user.click(await enabledButton("GitHub"));
    expect(await screen.findByRole("dialog", { name: "This email already has an account" })).toBeTruthy();
  });

  it("logs and shows other provider failures", async () => {
    const { user } = await openAuthPage({
      routes: {
        "POST /api/auth/sign-in/social": () =>
          json({ code: "INTERNAL", message: "Provider is down" }, { status: 500 }),
      },
    });
    await user.click(await enabledButton("GitHub"));
    expect((await screen.findByRole("alert")).textContent).toContain("Provider is down");
    expect(expectConsoleError("GitHub sign-in failed:")).toHaveLength(1);
  });

  it("shows the test SSO button only when the server has an OIDC provider", async () => {
    await openAuthPage();
    expect(screen.queryByRole("button", { name: "Continue with test SSO" })).toBeNull();
  });

  it("starts the test OIDC provider through signIn.social", async () => {
    const { user, server } = await openAuthPage({
      routes: {
        "GET /api/config": () => json({ ...TEST_CONFIG, oidcProvider: "test-oidc" }),
        "POST /api/auth/sign-in/social": () => json({ redirect: false }),
      },
    });
    await user.click(await screen.findByRole("button", { name: "Continue with test SSO" }));
    await waitFor(() => expect(server.requestsTo("POST", "/api/auth/sign-in/social")).toHaveLength(1));
    expect(server.requestsTo("POST", "/api/auth/sign-in/social")[0]?.body).toMatchObject({
      provider: "test-oidc",
    });
  });
});
