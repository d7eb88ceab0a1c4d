import { describe, expect, it } from "vitest";
import { describeUserAgent, type ScanMeter } from "./user-agent.ts";

describe("describeUserAgent", () => {
  it.each([
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      { browser: "Chrome 131", device: "macOS" },
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86",
      { browser: "Edge 131", device: "Windows" },
    ],
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      { browser: "Safari 18", device: "iPhone" },
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
      { browser: "Chrome 131", device: "Android phone" },
    ],
    [
      "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
      { browser: "Firefox 133", device: "Linux" },
    ],
    [
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_7_1) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
      { browser: "Safari 18", device: "macOS" },
    ],
    [
      "Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1",
      { browser: "Chrome 131", device: "iPad" },
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Safari/537.36",
      { browser: "Samsung Internet 26", device: "Android tablet" },
    ],
    [
      "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0",
      { browser: "Opera 115", device: "ChromeOS" },
    ],
  ])("reads %s", (ua, expected) => {
    expect(describeUserAgent(ua)).toEqual(expected);
  });

  it("says Unknown for anything else, and never echoes the header", () => {
    expect(describeUserAgent("<script>alert(1)</script>")).toEqual({
      browser: "Unknown browser",
      device: "Unknown device",
    });
    expect(describeUserAgent(null)).toEqual({ browser: "Unknown browser", device: "Unknown device" });
  });

  it("reads tokens as whole words, as the patterns it replaced did", () => {
    expect(describeUserAgent("XChrome/1 NotAndroid Macintoshy")).toEqual({
      browser: "Unknown browser",
      device: "Unknown device",
    });
    // Safari's version is a Version/N before Safari/ with no ")" between them.
    expect(describeUserAgent("Version/9 (x) Safari/1").browser).toBe("Unknown browser");
    expect(describeUserAgent("Safari/1 Version/9").browser).toBe("Unknown browser");
    expect(describeUserAgent("Version/7 a Version/9 Safari/1").browser).toBe("Safari 7");
    // "Android … Mobile" on one line is a phone; a Mobile on another line is not.
    expect(describeUserAgent("Android 14\nMobile").device).toBe("Android tablet");
    expect(describeUserAgent("Mobile Android 14").device).toBe("Android tablet");
    expect(describeUserAgent("Mac OS XI").device).toBe("Unknown device");
    expect(describeUserAgent("Mac OS X").device).toBe("macOS");
  });
});

/** Headers built to make a backtracking pattern work hard: repeated tokens, long runs, unclosed parens. */
function hostileShapes(length: number): Record<string, string> {
  const fill = (unit: string) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
  return {
    "repeated Android": fill("Android "),
    "repeated Version/1": fill("Version/1 "),
    "repeated Version/ with a Safari at the end": `${fill("Version/12 ")} Safari/1`,
    "unclosed parens": fill("(Version/1 Android ("),
    "one long word": fill("a"),
    "a long run of digits after a token": `Chrome/${fill("9")}`,
    spaces: fill(" "),
    slashes: fill("/"),
    "Mac OS repeated": fill("Mac OS "),
    "every known token": fill(
      "Edg/1 OPR/2 SamsungBrowser/3 Firefox/4 Chrome/5 Version/6 Safari/7 Mobile Android iPad Mac OS X ",
    ),
  };
}

describe("describeUserAgent on hostile headers", () => {
  it.each(Object.entries(hostileShapes(1024 * 1024)))("reads a 1 MB header of %s in one pass", (_, ua) => {
    const meter: ScanMeter = { reads: 0 };
    describeUserAgent(ua, meter);
    // Each character is read once, plus the digits of a version once more: linear, whatever the shape.
    expect(meter.reads).toBeLessThanOrEqual(2 * ua.length);
  });

  it("costs twice as much for twice the header, whatever the shape", () => {
    const small = hostileShapes(20_000);
    const big = hostileShapes(40_000);
    for (const [name, ua] of Object.entries(small)) {
      const a: ScanMeter = { reads: 0 };
      const b: ScanMeter = { reads: 0 };
      describeUserAgent(ua, a);
      describeUserAgent(big[name], b);
      expect(b.reads / a.reads, name).toBeLessThanOrEqual(2.01);
    }
  });

  it("reads what a hostile header says, not more", () => {
    const shapes = hostileShapes(15_000);
    expect(describeUserAgent(shapes["repeated Android"])).toEqual({
      browser: "Unknown browser",
      device: "Android tablet",
    });
    expect(describeUserAgent(shapes["repeated Version/ with a Safari at the end"]).browser).toBe("Safari 12");
    expect(describeUserAgent(shapes["every known token"])).toEqual({ browser: "Edge 1", device: "iPad" });
  });
});

/** The patterns describeUserAgent replaced (super-linear on hostile input): the oracle, on short headers only. */
function describeWithPatterns(ua: string) {
  const browsers: [RegExp, string][] = [
    [/\bEdg(?:e|A|iOS)?\/(\d+)/, "Edge"],
    [/\b(?:OPR|Opera)\/(\d+)/, "Opera"],
    [/\bSamsungBrowser\/(\d+)/, "Samsung Internet"],
    [/\b(?:Firefox|FxiOS)\/(\d+)/, "Firefox"],
    [/\b(?:Chrome|CriOS|Chromium)\/(\d+)/, "Chrome"],
    [/\bVersion\/(\d+)[^)]*\bSafari\//, "Safari"],
  ];
  const devices: [RegExp, string][] = [
    [/\biPad\b/, "iPad"],
    [/\biPhone\b/, "iPhone"],
    [/\bAndroid\b.*\bMobile\b/, "Android phone"],
    [/\bAndroid\b/, "Android tablet"],
    [/\bCrOS\b/, "ChromeOS"],
    [/\bWindows\b/, "Windows"],
    [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
    [/\bLinux\b/, "Linux"],
  ];
  let browser = "Unknown browser";
  for (const [pattern, name] of browsers) {
    const match = pattern.exec(ua);
    if (match) {
      browser = `${name} ${match[1]}`;
      break;
    }
  }
  return { browser, device: devices.find(([pattern]) => pattern.test(ua))?.[1] ?? "Unknown device" };
}

it("reads every header as the patterns it replaced did (2,000 generated headers)", () => {
  const pieces = [
    "Edg",
    "Edge",
    "EdgA",
    "EdgiOS",
    "OPR",
    "Opera",
    "SamsungBrowser",
    "Firefox",
    "FxiOS",
    "Chrome",
    "CriOS",
    "Chromium",
    "Version",
    "Safari",
    "Android",
    "Mobile",
    "iPad",
    "iPhone",
    "CrOS",
    "Windows",
    "Macintosh",
    "Mac",
    "OS",
    "X",
    "Linux",
    "/",
    "/1",
    "/23",
    "1",
    " ",
    " ",
    ";",
    "(",
    ")",
    "\n",
    "_",
    "x",
    ".",
  ];
  let seed = 29;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed;
  };
  for (let n = 0; n < 2_000; n++) {
    const ua = Array.from({ length: 1 + (next() % 14) }, () => pieces[next() % pieces.length]).join("");
    expect(describeUserAgent(ua), JSON.stringify(ua)).toEqual(describeWithPatterns(ua));
  }
});
