import { type Block, type ListItem, type ReportModel, type Tag, TONE_COLORS } from "./report-model.ts";

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
main{max-width:860px;margin:0 auto;padding:40px 24px;background:#fff}
.brand{font-size:12px;font-weight:700;letter-spacing:.15em;color:#64748b}
h1{font-size:28px;margin:4px 0}
h2{font-size:20px;margin:36px 0 12px;padding-bottom:6px;border-bottom:1px solid #e2e8f0}
h3{font-size:16px;margin:20px 0 8px}
.muted{color:#64748b}
.cover{display:flex;justify-content:space-between;gap:24px;align-items:center}
.ring{text-align:center;font-weight:700}
.ring svg{display:block;margin:0 auto}
.cards{display:grid;grid-template-columns:repeat(4,1fr);gap:10px;margin:24px 0 8px}
.card{background:#f1f5f9;border:1px solid #e2e8f0;border-radius:8px;padding:10px 12px}
.card span{display:block;font-size:11px;text-transform:uppercase;color:#64748b}
.card strong{font-size:18px}
table{width:100%;border-collapse:collapse;font-size:14px;margin:8px 0}
th,td{padding:6px 8px;border-bottom:1px solid #e2e8f0;vertical-align:top;text-align:left}
th{background:#f1f5f9}
td.r,th.r{text-align:right}
tfoot td{font-weight:700;border-top:2px solid #64748b}
dl{display:grid;grid-template-columns:180px 1fr;gap:4px 12px;margin:8px 0}
dt{color:#64748b}dd{margin:0}
li{margin:6px 0}
.tag{font-size:12px;font-weight:700;margin-left:8px}
blockquote{margin:2px 0;color:#64748b;font-style:italic}
.detail{color:#64748b;font-size:14px}
pre{white-space:pre-wrap;word-wrap:break-word;background:#f8fafc;border:1px solid #e2e8f0;border-radius:6px;padding:12px;font:13px/1.5 ui-monospace,Menlo,Consolas,monospace}
footer{margin-top:40px;color:#64748b;font-size:12px}
@media print{body{background:#fff}main{padding:0}}
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
  }
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
