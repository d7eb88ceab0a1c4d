import { UNPLACED_HEADING } from "@resumelens/contract";
import { type Block, type ListItem, type ReportModel, type Tag, TONE_COLORS } from "./report-model.ts";
import { type MatchStatus, type SideBySide, type SideLine, STATUS_LABEL } from "./side-by-side.ts";

/**
 * Draws the report model as one self-contained HTML page: inline CSS, no scripts, no external
 * resources (the CSP says so too). Every string from the model goes through `esc`.
 */

export function esc(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

const CSS = `
*{box-sizing:border-box}
body{margin:0;background:#f8fafc;color:#0f172a;font:15px/1.5 -apple-system,"Segoe UI",Helvetica,Arial,sans-serif}
main{max-width:860px;margin:0 auto;padding:40px 24px;background:#fff;overflow-wrap:anywhere}
.brand{font-size:12px;font-weight:700;letter-spacing:.15em;color:#64748b}
h1{font-size:28px;margin:4px 0}
h2{font-size:20px;margin:36px 0 12px;padding-bottom:6px;border-bottom:1px solid #e2e8f0}
h3{font-size:16px;margin:20px 0 8px}
.muted{color:#64748b}
.cover{display:flex;justify-content:space-between;gap:24px;align-items:center}
.ring{text-align:center;font-weight:700}
.ring svg{display:block;margin:0 auto}
.cards{display:grid;grid-template-columns:repeat(4,1fr);gap:10px;margin:24px 0 8px}
.card{background:#f1f5f9;border:1px solid #e2e8f0;border-radius:8px;padding:10px 12px;min-width:0;overflow-wrap:anywhere}
@media (max-width:600px){.cards{grid-template-columns:repeat(2,minmax(0,1fr))}.cover{flex-direction:column;align-items:flex-start}dl{grid-template-columns:1fr}table{display:block;overflow-x:auto}}
.card span{display:block;font-size:11px;text-transform:uppercase;color:#475569}
.card strong{font-size:18px}
table{width:100%;border-collapse:collapse;font-size:14px;margin:8px 0}
th,td{padding:6px 8px;border-bottom:1px solid #e2e8f0;vertical-align:top;text-align:left;overflow-wrap:anywhere}
th{background:#f1f5f9}
td.r,th.r{text-align:right}
tfoot td{font-weight:700;border-top:2px solid #64748b}
dl{display:grid;grid-template-columns:180px 1fr;gap:4px 12px;margin:8px 0}
dt{color:#64748b}dd{margin:0}
li{margin:6px 0}
.tag{font-size:12px;font-weight:700;margin-left:8px}
blockquote{margin:2px 0;color:#64748b;font-style:italic}
.detail{color:#64748b;font-size:14px}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f8fafc;border:1px solid #e2e8f0;border-radius:6px;padding:12px;font:13px/1.5 ui-monospace,Menlo,Consolas,monospace}
footer{margin-top:40px;color:#64748b;font-size:12px}
#side-by-side{width:min(1180px,calc(100vw - 16px));margin-left:calc(50% - min(590px,calc(50vw - 8px)));padding:0 16px 8px;background:#fff}
.legend{display:flex;flex-wrap:wrap;gap:6px 18px;list-style:none;padding:10px 12px;margin:8px 0 16px;background:#f8fafc;border:1px solid #e2e8f0;border-radius:8px;font-size:13px}
.legend li{margin:0}
.sbs{display:grid;grid-template-columns:1fr;gap:24px}
@media (min-width:900px){.sbs{grid-template-columns:minmax(0,1fr) minmax(0,1fr)}}
.col{min-width:0}
.col>h3{margin-top:0;padding:8px 0;border-bottom:2px solid #0f172a}
.col h4{font-size:12px;letter-spacing:.08em;text-transform:uppercase;color:#475569;margin:18px 0 6px}
.lines{list-style:none;padding:0;margin:0}
.lines>li{margin:0;padding:5px 8px;border-left:4px solid transparent;border-radius:0 4px 4px 0;font-size:14px;overflow-wrap:anywhere}
.lines>li.k-bullet{padding-left:22px;position:relative}
.lines>li.k-bullet::before{content:"•";position:absolute;left:9px;color:#64748b}
.lines>li.k-role{margin-top:8px}
.lines h5{font-size:inherit;font-weight:700;margin:0}
.lines>li.ls-matched{border-left-color:#16a34a}
.lines>li.ls-partial{border-left-color:#ea580c}
.lines>li.ls-missing{border-left-color:#dc2626}
.counts{display:flex;flex-wrap:wrap;gap:6px 8px;list-style:none;padding:0;margin:0 0 16px;font-size:13px}
.counts li{margin:0;padding:1px 10px;border:1px solid #cbd5e1;border-radius:999px;color:#334155;background:#fff}
.counts li.c-matched{color:#15803d;background:#f0fdf4;border-color:#86efac}
.counts li.c-partial{color:#c2410c;background:#fff7ed;border-color:#fdba74}
.counts li.c-missing{color:#b91c1c;background:#fef2f2;border-color:#fca5a5}
.lines>li.hl-matched{background:#f0fdf4;border-left-color:#16a34a}
.lines>li.hl-partial{background:#fff7ed;border-left-color:#ea580c}
mark{background:#fde68a;color:inherit;padding:0 1px;border-radius:2px;box-shadow:inset 0 -2px #ca8a04}
.st{display:inline-block;font-size:11px;font-weight:700;text-transform:uppercase;letter-spacing:.04em;padding:0 6px;border-radius:4px;border:1px solid;margin-right:6px;white-space:nowrap;vertical-align:1px}
.st-matched{color:#15803d;background:#f0fdf4}
.st-partial{color:#c2410c;background:#fff7ed}
.st-missing{color:#b91c1c;background:#fef2f2}
.reqs{list-style:none;padding:0;margin:4px 0 2px;display:flex;flex-wrap:wrap;gap:4px 12px;font-size:13px}
.reqs li{margin:0}
.prio{color:#64748b;font-size:12px}
.proves,.flags{font-size:12.5px;color:#475569;margin:3px 0 0;font-weight:400}
.flags{list-style:none;padding:0}
.flags li{margin:2px 0;padding-left:14px;position:relative}
.flags li::before{content:"!";position:absolute;left:2px;font-weight:700;color:#b45309}
.flag{font-weight:700;color:#92400e}
.flagged{text-decoration:underline wavy #d97706;text-underline-offset:3px}
a{color:#1d4ed8}
.jump{font-size:12px;white-space:nowrap}
@media print{body{background:#fff}main{padding:0}#side-by-side{width:auto;margin-left:0;padding:0;break-before:page}h2,h3,h4{break-after:avoid}.jump{display:none}.lines>li,.reqs li{break-inside:avoid}a{color:inherit;text-decoration:none}mark,.lines>li.hl-matched,.lines>li.hl-partial,.st{-webkit-print-color-adjust:exact;print-color-adjust:exact}}
`;

const tone = (t: Tag["tone"] | undefined) => (t ? ` style="color:${TONE_COLORS[t]};font-weight:700"` : "");
const tagHtml = (tags: Tag[] | undefined) =>
  (tags ?? [])
    .map((t) => `<span class="tag" style="color:${TONE_COLORS[t.tone]}">${esc(t.text)}</span>`)
    .join("");

function ring(model: ReportModel): string {
  const r = 52;
  const circumference = 2 * Math.PI * r;
  const filled = (Math.max(0, Math.min(100, model.score.value)) / 100) * circumference;
  return `<div class="ring"><svg width="130" height="130" viewBox="0 0 130 130" role="img" aria-label="Score ${model.score.value} of 100">
<circle cx="65" cy="65" r="${r}" fill="none" stroke="#e2e8f0" stroke-width="11"/>
<circle cx="65" cy="65" r="${r}" fill="none" stroke="${model.score.color}" stroke-width="11" stroke-linecap="round" stroke-dasharray="${filled.toFixed(2)} ${circumference.toFixed(2)}" transform="rotate(-90 65 65)"/>
<text x="65" y="72" text-anchor="middle" font-size="30" font-weight="700" fill="${model.score.color}">${model.score.value}</text>
</svg><div style="color:${model.score.color}">${esc(model.score.band)}</div></div>`;
}

function item(entry: ListItem): string {
  const parts: string[] = [];
  if (entry.title) parts.push(`<strong>${esc(entry.title)}</strong>${tagHtml(entry.tags)}`);
  if (entry.text) parts.push(`<div>${esc(entry.text)}${entry.title ? "" : tagHtml(entry.tags)}</div>`);
  if (entry.quote) parts.push(`<blockquote>“${esc(entry.quote)}”</blockquote>`);
  for (const detail of entry.details ?? []) parts.push(`<div class="detail">${esc(detail)}</div>`);
  return `<li>${parts.join("")}</li>`;
}

function block(b: Block): string {
  switch (b.kind) {
    case "paragraph":
      return `<p${b.muted ? ' class="muted"' : ""}>${esc(b.text)}</p>`;
    case "subheading":
      return `<h3>${esc(b.text)}</h3>`;
    case "facts":
      return `<dl>${b.rows.map((r) => `<dt>${esc(r.label)}</dt><dd${tone(r.tone)}>${esc(r.value)}</dd>`).join("")}</dl>`;
    case "table": {
      const cls = (i: number) => (b.columns[i]?.align === "right" ? ' class="r"' : "");
      const head = b.columns.map((c, i) => `<th${cls(i)}>${esc(c.header)}</th>`).join("");
      const rows = b.rows
        .map(
          (r) =>
            `<tr>${r.cells.map((c, i) => `<td${cls(i)}${i === b.toneColumn ? tone(r.tone) : ""}>${esc(c)}</td>`).join("")}</tr>`,
        )
        .join("\n");
      const foot = b.footer
        ? `<tfoot><tr>${b.footer.map((c, i) => `<td${cls(i)}>${esc(c)}</td>`).join("")}</tr></tfoot>`
        : "";
      return `<table><thead><tr>${head}</tr></thead><tbody>\n${rows}\n</tbody>${foot}</table>`;
    }
    case "list": {
      if (b.items.length === 0) return `<p class="muted"><em>${esc(b.empty)}</em></p>`;
      const tag = b.ordered ? "ol" : "ul";
      return `<${tag}>${b.items.map(item).join("\n")}</${tag}>`;
    }
    case "preformatted":
      return `<pre>${esc(b.text)}</pre>`;
    case "sideBySide":
      return sideBySide(b.view);
  }
}

type View = Extract<SideBySide, { available: true }>;

const status = (s: MatchStatus) => `<span class="st st-${s}">${STATUS_LABEL[s]}</span>`;

/** Lines grouped under their headings: each heading line opens a list, so a column reads as headings over lists. */
function groupedLines<L extends SideLine>(lines: L[], line: (l: L) => string): string {
  const out: string[] = [];
  let open = false;
  const close = () => {
    if (open) out.push("</ul>");
    open = false;
  };
  for (const l of lines) {
    if (l.kind === "heading") {
      close();
      out.push(`<h4>${esc(l.text)}</h4>`);
      continue;
    }
    if (!open) out.push('<ul class="lines">');
    open = true;
    out.push(line(l));
  }
  close();
  return out.join("\n");
}

function sideBySide(view: View): string {
  const reqs = view.requirements;
  const legend = [
    ...view.legend.map((l) => `<li>${status(l.status)}${esc(l.description)}</li>`),
    "<li><mark>words</mark> the words that match the posting</li>",
    '<li><span class="flagged">underlined</span> and <span class="flag">!</span> what a recruiter would flag on a bullet</li>',
  ];
  // The web tab's summary: posting lines by their status, in its words.
  const summary = view.summary.map((c) => `<li class="c-${c.key}">${esc(c.text)}</li>`).join("");
  const reqItem = (i: number) => {
    const r = reqs[i];
    if (!r) return "";
    // The label leads to the resume line that proves it, when there is one.
    const label =
      r.evidenceLine !== null
        ? `<a href="#resume-line-${r.evidenceLine}" title="See the line in your resume">${esc(r.label)}</a>`
        : esc(r.label);
    return `<li id="${r.key}">${status(r.status)}${label} <span class="prio">${esc(r.priority)}</span></li>`;
  };
  const posting = groupedLines(view.posting, (l) => {
    const whole = l.requirements.filter((i) => reqs[i]?.wholeLine);
    const rest = l.requirements.filter((i) => !reqs[i]?.wholeLine);
    // Every line that asks for something is labelled with its status by the line rule; a
    // requirement worded as the whole line has that status too, so the label stands for it (its anchor).
    const anchor = whole.map((i) => reqs[i]?.key).find(Boolean);
    const head = l.status ? `<span${anchor ? ` id="${anchor}"` : ""}>${status(l.status)}</span>` : "";
    const links = whole
      .map((i) => reqs[i])
      .filter((r) => r && r.evidenceLine !== null)
      .map((r) => ` <a class="jump" href="#resume-line-${r?.evidenceLine}">see your line</a>`)
      .join("");
    const chips = rest.length ? `<ul class="reqs">${rest.map(reqItem).join("")}</ul>` : "";
    const cls = [`k-${l.kind}`, l.status ? `ls-${l.status}` : ""].filter(Boolean).join(" ");
    return `<li id="posting-line-${l.index}" class="${cls}">${head}${esc(l.text)}${links}${chips}</li>`;
  });
  const unplaced = view.unplaced.length
    ? `<h4>${esc(UNPLACED_HEADING)}</h4><ul class="reqs">${view.unplaced.map(reqItem).join("")}</ul>`
    : "";
  const resume = groupedLines(view.resume, (l) => {
    const text = l.segments
      .map((s) => {
        const inner = s.flagged ? `<span class="flagged">${esc(s.text)}</span>` : esc(s.text);
        return s.mark ? `<mark>${inner}</mark>` : inner;
      })
      .join("");
    const proves = l.proves
      .map((i) => reqs[i])
      .map((r) =>
        r ? `<a href="#${r.key}">${esc(r.label)}</a> (${STATUS_LABEL[r.status].toLowerCase()})` : "",
      )
      .join(", ");
    const flags = l.flags.length
      ? `<ul class="flags" aria-label="Coaching">${l.flags
          .map(
            (f) =>
              `<li><span class="flag">${esc(f.label)}</span>${f.quote ? ` “${esc(f.quote)}”` : ""}: ${esc(f.message)}</li>`,
          )
          .join("")}</ul>`
      : "";
    const cls = [`k-${l.kind}`, l.highlight ? `hl-${l.highlight}` : ""].filter(Boolean).join(" ");
    const label = l.highlight ? `${status(l.highlight)}` : "";
    // A role's lines are headings under the section's, as in the web view, so a screen reader can jump role to role.
    const body = l.kind === "role" ? `<h5>${label}${text}</h5>` : `${label}${text}`;
    return `<li id="resume-line-${l.index}" class="${cls}">${body}${proves ? `<div class="proves">Proves: ${proves}</div>` : ""}${flags}</li>`;
  });
  return `<h3 id="sbs-legend">Legend</h3>
<ul class="legend" aria-labelledby="sbs-legend">${legend.join("")}</ul>
<ul class="counts" aria-label="Posting lines by status">${summary}</ul>
<div class="sbs">
<div class="col" role="region" aria-labelledby="sbs-posting"><h3 id="sbs-posting">The posting</h3>
${posting}
${unplaced}
</div>
<div class="col" role="region" aria-labelledby="sbs-resume"><h3 id="sbs-resume">Your resume, as the analysis read it</h3>
${resume}
</div>
</div>`;
}

export function renderHtml(model: ReportModel): string {
  const meta = [`Analysed on ${model.dateLabel}`, `Report #${model.id}`];
  if (model.resumeFilename) meta.push(`Resume: ${model.resumeFilename}`);
  const sections = model.sections
    .map(
      (s) =>
        `<section id="${esc(s.id)}">\n<h2>${esc(s.heading)}</h2>\n${s.blocks.map(block).join("\n")}\n</section>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(`${model.title} #${model.id}`)}</title>
<style>${CSS}</style>
</head>
<body>
<main>
<header class="cover">
<div>
<div class="brand">RESUMELENS</div>
<h1>${esc(model.title)}</h1>
${model.jobTitle ? `<div style="font-size:18px">${esc(model.jobTitle)}</div>` : ""}
<div class="muted">${meta.map(esc).join(" · ")}</div>
</div>
${ring(model)}
</header>
<div class="cards">${model.summary.map((c) => `<div class="card"><span>${esc(c.label)}</span><strong>${esc(c.value)}</strong></div>`).join("")}</div>
<p>Potential score: <strong>${model.potentialScore}</strong></p>
${sections}
<footer>Generated by ResumeLens from analysis #${model.id}.</footer>
</main>
</body>
</html>
`;
}
