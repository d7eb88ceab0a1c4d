import { describe, expect, it } from "vitest";
import { normalizeText } from "./normalize.ts";

describe("pasted HTML", () => {
  it("keeps the text, drops tags and script bodies, and leaves a lone '<' alone", () => {
    expect(normalizeText("<ul><li>Python</li></ul>\n<script>alert(1)</script> Go\nless than <5 years")).toBe(
      "Python\nGo\nless than <5 years",
    );
  });
});

describe("document clean-up", () => {
  it("joins letter-spaced headings, maps bullets, drops soft hyphens and joins hyphenated line breaks", () => {
    expect(normalizeText("E X P E R I E N C E\n\uF0B7 Led the team\nmanage-\nment of pro\u00ADjects")).toBe(
      "EXPERIENCE\n• Led the team\nmanagement of projects",
    );
  });

  it("reads ligatures and markdown", () => {
    expect(normalizeText("# Jane Doe\n**Senior Engineer**, Acme\nEﬃcient workﬂows")).toBe(
      "Jane Doe\nSenior Engineer, Acme\nEfficient workflows",
    );
  });
});
