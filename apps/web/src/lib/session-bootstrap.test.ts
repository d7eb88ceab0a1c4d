import { SESSION_DATA_ELEMENT_ID } from "@resumelens/contract";
import { afterEach, describe, expect, it } from "vitest";
import { sessionFor, TEST_USER } from "../test/fake-fetch.ts";
import { takeShellSession } from "./session-bootstrap.ts";

function embed(text: string) {
  const element = document.createElement("script");
  element.type = "application/json";
  element.id = SESSION_DATA_ELEMENT_ID;
  element.textContent = text;
  document.body.append(element);
}

afterEach(() => document.getElementById(SESSION_DATA_ELEMENT_ID)?.remove());

describe("takeShellSession", () => {
  it("knows nothing when the page carries no session (the dev server's page)", () => {
    expect(takeShellSession()).toEqual({ known: false });
  });

  it("reads a visitor's null as signed out", () => {
    embed("null");
    expect(takeShellSession()).toEqual({ known: true, data: null });
  });

  it("reads a signed-in user's session once, with Date objects, and removes it from the page", () => {
    embed(JSON.stringify(sessionFor(TEST_USER)));
    const shell = takeShellSession();
    expect(shell.known).toBe(true);
    if (!shell.known || !shell.data) throw new Error("expected a session");
    expect(shell.data.user.email).toBe(TEST_USER.email);
    expect(shell.data.session.expiresAt).toBeInstanceOf(Date);
    expect(shell.data.user.createdAt).toBeInstanceOf(Date);
    expect(document.getElementById(SESSION_DATA_ELEMENT_ID)).toBeNull();
    expect(takeShellSession()).toEqual({ known: false });
  });

  it.each(["{not json", '"a string"', '{"session":{}}', '{"user":{},"session":null}'])(
    "ignores a malformed payload %s",
    (text) => {
      embed(text);
      expect(takeShellSession()).toEqual({ known: false });
    },
  );
});
