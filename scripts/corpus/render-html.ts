/** Lays a resume out as HTML for Chromium's print-to-PDF, one function per layout family. */
import { contactItems, heading, type ResumeModel, type RoleModel, roleLines } from "./content.ts";

/** The page and the options page.pdf() needs for it. */
export type HtmlPage = {
  html: string;
  pdf: {
    format: "Letter" | "A4";
    margin: { top: string; bottom: string; left: string; right: string };
    displayHeaderFooter: boolean;
    headerTemplate: string;
    footerTemplate: string;
  };
};

const esc = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function nameBlock(m: ResumeModel): string {
  const spaced = m.nameStyle.startsWith("letter-spaced");
  const style = [
    spaced
      ? "letter-spacing:0.32em;text-transform:uppercase;font-size:26pt;font-weight:300"
      : "font-size:22pt",
    m.nameStyle === "upper" ? "text-transform:uppercase" : "",
  ].join(";");
  const inner =
    m.nameStyle === "letter-spaced-split"
      ? `<span>${esc(m.name.first)}</span><br><span>${esc(m.name.last)}</span>`
      : esc(m.name.full);
  return `<h1 class="name" style="${style}">${inner}</h1>`;
}

const contactLine = (m: ResumeModel) =>
  `<p class="contact">${contactItems(m).map(esc).join(esc(m.contactSeparator))}</p>`;
/** One item a line, as in a sidebar; a long address may break before its "@", never inside a word. */
const contactStack = (m: ResumeModel) =>
  `<div class="contact">${contactItems(m)
    .map((c) => `<div>${esc(c).replace("@", "<wbr>@")}</div>`)
    .join("")}</div>`;

const h2 = (m: ResumeModel, text: string) => `<h2>${esc(heading(m, text))}</h2>`;

function summaryBlock(m: ResumeModel): string {
  if (!m.summary) return "";
  const { heading: title, text, inline } = m.summary;
  return inline
    ? `<p class="summary"><b>${esc(heading(m, title))}:</b> ${esc(text)}</p>`
    : `<section>${h2(m, title)}<p class="summary">${esc(text)}</p></section>`;
}

const bulletList = (items: string[]) =>
  items.length ? `<ul>${items.map((b) => `<li>${esc(b)}</li>`).join("")}</ul>` : "";

function roleBlock(m: ResumeModel, role: RoleModel): string {
  const lines = roleLines(role, m.roleShape);
  const head =
    lines.range === "right"
      ? `<div class="role-head"><b>${esc(lines.head)}</b><span>${esc(role.range)}</span></div>`
      : `<div class="role-head"><b>${esc(lines.head)}</b></div>`;
  const sub = lines.sub ? `<div class="role-sub">${esc(lines.sub)}</div>` : "";
  const bullets = lines.bulletHead ? [lines.bulletHead, ...role.bullets] : role.bullets;
  return `<div class="role">${head}${sub}${bulletList(bullets)}</div>`;
}

/** Date-left: the range alone in a left rail, the role's lines beside it. */
function railRoleBlock(m: ResumeModel, role: RoleModel): string {
  const lines = roleLines(role, m.roleShape);
  const sub = lines.sub ? `<div class="role-sub">${esc(lines.sub)}</div>` : "";
  return `<div class="rail-role"><div class="rail">${esc(role.range)}</div><div><b>${esc(lines.head)}</b>${sub}${bulletList(role.bullets)}</div></div>`;
}

function experienceBlock(m: ResumeModel, rail = false): string {
  const roles = m.roles.map((r) => (rail ? railRoleBlock(m, r) : roleBlock(m, r))).join("");
  return `<section>${h2(m, m.experienceHeading)}${roles}</section>`;
}

function educationBlock(m: ResumeModel): string {
  const rows = m.education
    .map(
      (e) =>
        `<div class="degree"><b>${esc(e.degree)}</b><div>${esc(e.institution)}, ${esc(e.year)}</div></div>`,
    )
    .join("");
  return `<section>${h2(m, m.educationHeading)}${rows}</section>`;
}

function skillsBlock(m: ResumeModel): string {
  if (!m.skills) return "";
  const { items, form } = m.skills;
  let body: string;
  if (form === "bullets") body = bulletList(items);
  else if (form === "grouped") {
    const half = Math.ceil(items.length / 2);
    body = `<p><b>Tools:</b> ${esc(items.slice(0, half).join(", "))}</p><p><b>Other:</b> ${esc(items.slice(half).join(", "))}</p>`;
  } else body = `<p>${esc(items.join(", "))}</p>`;
  return `<section>${h2(m, m.skills.heading)}${body}</section>`;
}

function css(m: ResumeModel, size: number): string {
  return `
  * { box-sizing: border-box; }
  body { font-family: ${m.font}, sans-serif; font-size: ${size}pt; line-height: 1.3; color: #111; margin: 0; }
  h1 { margin: 0 0 4pt; font-weight: 600; }
  h2 { font-size: ${size + 2}pt; margin: ${size}pt 0 3pt; border-bottom: 1px solid #999; }
  p { margin: 2pt 0; }
  ul { margin: 2pt 0 4pt; padding-left: 14pt; }
  li { margin: 1pt 0; }
  .contact { color: #333; margin-bottom: 4pt; }
  .role { margin-bottom: 5pt; break-inside: avoid; }
  .role-head { display: flex; justify-content: space-between; gap: 12pt; }
  .role-head span { white-space: nowrap; }
  .role-sub { font-style: italic; }
  .degree { margin-bottom: 4pt; }
  .rail-role { display: grid; grid-template-columns: 1.8in 1fr; gap: 10pt; margin-bottom: 6pt; break-inside: avoid; }
  .rail { color: #444; }
  .cols { display: grid; gap: 22pt; }
  .sidebar { background: #eef1f5; padding: 10pt; }
  .sidebar .contact { font-size: 7.5pt; }
  table.grid { border-collapse: collapse; width: 100%; }
  table.grid td { vertical-align: top; padding: 5pt 6pt; }
  table.grid.ruled td { border: 1px solid #bbb; }
  table.grid td.label { width: 22%; font-weight: bold; }
  table.grid h2 { display: none; }
  `;
}

// Chromium draws a list's disc marker as a shape, so it never reaches the text layer; text bullets do.
const BULLET_CSS: Record<ResumeModel["bulletStyle"], string> = {
  marker: "",
  "text-dot": 'ul { list-style: none; } li::before { content: "\\2022\\00a0"; margin-left: -9pt; }',
  "text-dash": 'ul { list-style: none; } li::before { content: "\\2013\\00a0"; margin-left: -9pt; }',
};

function page(m: ResumeModel, body: string, size: number): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(m.name.full)}</title><style>${css(m, size)}${BULLET_CSS[m.bulletStyle]}</style></head><body>${body}</body></html>`;
}

const MARGIN = (inches: number) => {
  const v = `${inches}in`;
  return { top: v, bottom: v, left: v, right: v };
};

/** The HTML page of `m` in its layout. */
export function renderHtml(m: ResumeModel): HtmlPage {
  const basePdf = {
    format: m.pageSize,
    margin: MARGIN(0.6),
    displayHeaderFooter: false,
    headerTemplate: "<span></span>",
    footerTemplate: "<span></span>",
  };
  const top = `${nameBlock(m)}${contactLine(m)}`;
  const main = () => `${summaryBlock(m)}${experienceBlock(m)}${educationBlock(m)}${skillsBlock(m)}`;
  switch (m.layout) {
    case "single-column":
    case "letter-spaced-name":
    case "multi-page":
      return { html: page(m, `${top}${main()}`, 10.5), pdf: basePdf };
    case "dense-one-page":
      return { html: page(m, `${top}${main()}`, 8.5), pdf: { ...basePdf, margin: MARGIN(0.35) } };
    case "two-column": {
      const body = `${top}<div class="cols" style="grid-template-columns:1fr 1fr"><div>${summaryBlock(m)}${experienceBlock(m)}</div><div>${skillsBlock(m)}${educationBlock(m)}</div></div>`;
      return { html: page(m, body, 9.5), pdf: basePdf };
    }
    case "left-sidebar":
    case "right-sidebar": {
      const side = `<aside class="sidebar">${contactStack(m)}${skillsBlock(m)}${educationBlock(m)}</aside>`;
      const mainCol = `<main>${nameBlock(m)}${summaryBlock(m)}${experienceBlock(m)}</main>`;
      const body =
        m.layout === "left-sidebar"
          ? `<div class="cols" style="grid-template-columns:2.3in 1fr">${side}${mainCol}</div>`
          : `<div class="cols" style="grid-template-columns:1fr 2.3in">${mainCol}${side}</div>`;
      return { html: page(m, body, 9.5), pdf: basePdf };
    }
    case "table-grid": {
      const row = (label: string, content: string) =>
        content ? `<tr><td class="label">${esc(heading(m, label))}</td><td>${content}</td></tr>` : "";
      const summary = m.summary
        ? m.summary.inline
          ? `<tr><td colspan="2">${summaryBlock(m)}</td></tr>`
          : row(m.summary.heading, `<p>${esc(m.summary.text)}</p>`)
        : "";
      const experience = m.roles.map((r) => roleBlock(m, r)).join("");
      const education = educationBlock(m);
      const rows = [
        `<tr><td colspan="2">${top}</td></tr>`,
        summary,
        row(m.experienceHeading, experience),
        row(m.educationHeading, education),
        m.skills ? row(m.skills.heading, skillsBlock(m)) : "",
      ].join("");
      const ruled = m.roles.length % 2 === 0 ? " ruled" : "";
      return { html: page(m, `<table class="grid${ruled}">${rows}</table>`, 9.5), pdf: basePdf };
    }
    case "date-left":
      return {
        html: page(
          m,
          `${top}${summaryBlock(m)}${experienceBlock(m, true)}${educationBlock(m)}${skillsBlock(m)}`,
          10,
        ),
        pdf: basePdf,
      };
    case "header-footer-contact": {
      const running = `<div style="font-size:9px;width:100%;text-align:center;font-family:${esc(m.font)},sans-serif;color:#333;padding:0 0.6in">${m.running.withName ? `<b>${esc(m.name.full)}</b>${esc(m.contactSeparator)}` : ""}${contactItems(m).map(esc).join(esc(m.contactSeparator))}</div>`;
      const body = `${m.running.withName ? "" : nameBlock(m)}${main()}`;
      return {
        html: page(m, body, 10.5),
        pdf: {
          ...basePdf,
          margin: { top: "0.8in", bottom: "0.8in", left: "0.6in", right: "0.6in" },
          displayHeaderFooter: true,
          headerTemplate: m.running.slot === "header" ? running : "<span></span>",
          footerTemplate: m.running.slot === "footer" ? running : "<span></span>",
        },
      };
    }
  }
}
