import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, sessionFor, TEST_USER } from "../../../test/fake-fetch.ts";
import { renderApp } from "../../../test/render-app.tsx";

/** An API whose password sign-in asks for the second factor; a right code creates the session. */
function twoFactorApi({ totp = "123456", backup = "abcde-fghij" } = {}) {
  let signedIn = false;
  const verify = (valid: string, field: string) => (request: { body: unknown }) => {
    const { code } = request.body as { code: string };
    if (code !== valid) return json({ code: field, message: "Invalid code" }, { status: 401 });
    signedIn = true;
    return json({ token: "t", user: sessionFor(TEST_USER).user });
  };
  return {
    "GET /api/auth/get-session": () => json(signedIn ? sessionFor(TEST_USER) : null),
    "POST /api/auth/sign-in/email": () => json({ twoFactorRedirect: true, twoFactorMethods: ["totp"] }),
    "POST /api/auth/two-factor/verify-totp": verify(totp, "INVALID_CODE"),
    "POST /api/auth/two-factor/verify-backup-code": verify(backup, "INVALID_BACKUP_CODE"),
  };
}

async function signInWithPassword(options: Parameters<typeof renderApp>[0]) {
  const result = renderApp({ path: "/auth", ...options });
  const signIn = within(await screen.findByRole("form", { name: "Sign in" }));
  await result.user.type(signIn.getByLabelText("Email"), TEST_USER.email);
  await result.user.type(signIn.getByLabelText("Password"), "secret123");
  await result.user.click(signIn.getByRole("button", { name: "Sign In" }));
  const step = within(await screen.findByRole("form", { name: "Two-factor authentication" }));
  return { ...result, step };
}

describe("sign-in: two-factor step", { timeout: 15_000 }, () => {
  it("asks for the authenticator code after the password, then signs in", async () => {
    const { user, server, step } = await signInWithPassword({ routes: twoFactorApi() });
    expect(screen.getByRole("heading", { name: "Two-factor authentication" })).toBeTruthy();
    const input = step.getByLabelText("Authentication code") as HTMLInputElement;
    expect(input.getAttribute("autocomplete")).toBe("one-time-code");
    expect(input.getAttribute("inputmode")).toBe("numeric");
    expect(document.activeElement).toBe(input);

    await user.type(input, "123456");
    await user.click(step.getByRole("button", { name: "Verify" }));
    await waitFor(() =>
      expect(server.requestsTo("POST", "/api/auth/two-factor/verify-totp")[0]?.body).toEqual({
        code: "123456",
      }),
    );
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/"), { timeout: 3000 });
  });

  it("checks the code's shape before sending and shows the server's refusal", async () => {
    const { user, server, step } = await signInWithPassword({ routes: twoFactorApi() });
    await user.type(step.getByLabelText("Authentication code"), "12");
    await user.click(step.getByRole("button", { name: "Verify" }));
    expect((await screen.findByRole("alert")).textContent).toContain(
      "Enter the 6-digit code from your authenticator app.",
    );
    expect(server.requestsTo("POST", "/api/auth/two-factor/verify-totp")).toHaveLength(0);

    await user.clear(step.getByLabelText("Authentication code"));
    await user.type(step.getByLabelText("Authentication code"), "654321");
    await user.click(step.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("Invalid code"));
    expect(screen.getByTestId("location").textContent).toBe("/auth");
  });

  it("accepts a backup code instead", async () => {
    const { user, server, step } = await signInWithPassword({ routes: twoFactorApi() });
    await user.click(step.getByRole("button", { name: "Use a backup code" }));
    const input = step.getByLabelText("Backup code");
    await user.type(input, "abcde-fghij");
    await user.click(step.getByRole("button", { name: "Verify" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/"));
    expect(server.requestsTo("POST", "/api/auth/two-factor/verify-backup-code")[0]?.body).toEqual({
      code: "abcde-fghij",
    });
    expect(server.requestsTo("POST", "/api/auth/two-factor/verify-totp")).toHaveLength(0);
  });

  it("goes back to the password form", async () => {
    const { user, step } = await signInWithPassword({ routes: twoFactorApi() });
    await user.click(step.getByRole("button", { name: "Back to sign in" }));
    expect(await screen.findByRole("form", { name: "Sign in" })).toBeTruthy();
  });
});
