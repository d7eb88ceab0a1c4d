/**
 * Lays a resume out as a Word document with the `docx` package (a dependency of apps/api): real
 * section columns for the column layouts, a real table for the grid, a real header or footer for
 * the running contact line.
 */
import {
  AlignmentType,
  BorderStyle,
  Column,
  ColumnBreak,
  Document,
  Footer,
  Header,
  type ISectionOptions,
  Packer,
  Paragraph,
  SectionType,
  Table,
  TableCell,
  TableRow,
  TabStopType,
  TextRun,
  WidthType,
} from "docx";
import { contactItems, heading, type ResumeModel, type RoleModel, roleLines } from "./content.ts";

type Block = Paragraph | Table;

/** Half-points, as Word measures font sizes. */
const pt = (points: number) => points * 2;
const FONT_NAMES: Record<string, string> = {
  "'Liberation Serif'": "Times New Roman",
  "'Liberation Sans'": "Arial",
  "'DejaVu Sans'": "Calibri",
  "'DejaVu Serif'": "Georgia",
  "'Liberation Sans Narrow'": "Arial Narrow",
};
/** Text width of a Letter page with 0.75in margins, in twips. */
const TEXT_WIDTH = 10_080;

const para = (text: string, options: { bold?: boolean; italics?: boolean; size?: number } = {}) =>
  new Paragraph({
    children: [new TextRun({ text, bold: options.bold, italics: options.italics, size: options.size })],
  });

function nameBlocks(m: ResumeModel): Paragraph[] {
  const spaced = m.nameStyle.startsWith("letter-spaced");
  const upper = spaced || m.nameStyle === "upper";
  const run = (text: string) =>
    new TextRun({
      text: upper ? text.toUpperCase() : text,
      size: pt(spaced ? 24 : 20),
      characterSpacing: spaced ? 80 : undefined,
    });
  const lines = m.nameStyle === "letter-spaced-split" ? [m.name.first, m.name.last] : [m.name.full];
  return lines.map((line) => new Paragraph({ children: [run(line)] }));
}

const contactLine = (m: ResumeModel) => para(contactItems(m).join(m.contactSeparator));

const sectionHeading = (m: ResumeModel, text: string) =>
  new Paragraph({
    spacing: { before: 200, after: 60 },
    border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: "999999", space: 1 } },
    children: [new TextRun({ text: heading(m, text), bold: true, size: pt(12) })],
  });

const bullet = (text: string) => new Paragraph({ text, bullet: { level: 0 } });

function summaryBlocks(m: ResumeModel): Paragraph[] {
  if (!m.summary) return [];
  const { heading: title, text, inline } = m.summary;
  return inline
    ? [
        new Paragraph({
          children: [new TextRun({ text: `${heading(m, title)}: `, bold: true }), new TextRun(text)],
        }),
      ]
    : [sectionHeading(m, title), para(text)];
}

function roleBlocks(m: ResumeModel, role: RoleModel, width: number): Paragraph[] {
  const lines = roleLines(role, m.roleShape);
  const head =
    lines.range === "right"
      ? new Paragraph({
          tabStops: [{ type: TabStopType.RIGHT, position: width }],
          children: [new TextRun({ text: lines.head, bold: true }), new TextRun({ text: `\t${role.range}` })],
        })
      : para(lines.head, { bold: true });
  return [
    head,
    ...(lines.sub ? [para(lines.sub, { italics: true })] : []),
    ...(lines.bulletHead ? [bullet(lines.bulletHead)] : []),
    ...role.bullets.map(bullet),
  ];
}

/** Date-left: the range, a tab, the role's head line; the rest indented to the same stop. */
function railRoleBlocks(m: ResumeModel, role: RoleModel): Paragraph[] {
  const lines = roleLines(role, m.roleShape);
  const rail = 2_000;
  return [
    new Paragraph({
      tabStops: [{ type: TabStopType.LEFT, position: rail }],
      indent: { left: rail, hanging: rail },
      children: [new TextRun(role.range), new TextRun({ text: `\t${lines.head}`, bold: true })],
    }),
    ...(lines.sub
      ? [
          new Paragraph({
            indent: { left: rail },
            children: [new TextRun({ text: lines.sub, italics: true })],
          }),
        ]
      : []),
    ...role.bullets.map(
      (b) => new Paragraph({ text: b, bullet: { level: 0 }, indent: { left: rail + 360, hanging: 360 } }),
    ),
  ];
}

function experienceBlocks(m: ResumeModel, width: number, rail = false): Paragraph[] {
  return [
    sectionHeading(m, m.experienceHeading),
    ...m.roles.flatMap((r) => (rail ? railRoleBlocks(m, r) : roleBlocks(m, r, width))),
  ];
}

const educationBlocks = (m: ResumeModel) => [
  sectionHeading(m, m.educationHeading),
  ...m.education.flatMap((e) => [para(e.degree, { bold: true }), para(`${e.institution}, ${e.year}`)]),
];

function skillsBlocks(m: ResumeModel): Paragraph[] {
  if (!m.skills) return [];
  const { items, form } = m.skills;
  const half = Math.ceil(items.length / 2);
  const body =
    form === "bullets"
      ? items.map(bullet)
      : form === "grouped"
        ? [para(`Tools: ${items.slice(0, half).join(", ")}`), para(`Other: ${items.slice(half).join(", ")}`)]
        : [para(items.join(", "))];
  return [sectionHeading(m, m.skills.heading), ...body];
}

const columnBreak = () => new Paragraph({ children: [new ColumnBreak()] });
const NO_BORDER = { style: BorderStyle.NONE, size: 0, color: "FFFFFF" };

function gridTable(m: ResumeModel): Table {
  const ruled = m.roles.length % 2 === 0;
  const border = ruled ? { style: BorderStyle.SINGLE, size: 4, color: "BBBBBB" } : NO_BORDER;
  const borders = { top: border, bottom: border, left: border, right: border };
  const labelWidth = 2_200;
  const row = (label: string, children: Paragraph[]) =>
    new TableRow({
      children: [
        new TableCell({
          borders,
          width: { size: labelWidth, type: WidthType.DXA },
          children: [para(heading(m, label), { bold: true })],
        }),
        new TableCell({ borders, width: { size: TEXT_WIDTH - labelWidth, type: WidthType.DXA }, children }),
      ],
    });
  const wide = (children: Paragraph[]) =>
    new TableRow({ children: [new TableCell({ borders, columnSpan: 2, children })] });
  const rows = [wide([...nameBlocks(m), contactLine(m)])];
  if (m.summary)
    rows.push(m.summary.inline ? wide(summaryBlocks(m)) : row(m.summary.heading, [para(m.summary.text)]));
  rows.push(
    row(
      m.experienceHeading,
      m.roles.flatMap((r) => roleBlocks(m, r, TEXT_WIDTH - labelWidth - 200)),
    ),
  );
  rows.push(row(m.educationHeading, educationBlocks(m).slice(1)));
  if (m.skills) rows.push(row(m.skills.heading, skillsBlocks(m).slice(1)));
  return new Table({
    width: { size: TEXT_WIDTH, type: WidthType.DXA },
    columnWidths: [labelWidth, TEXT_WIDTH - labelWidth],
    rows,
  });
}

function sections(m: ResumeModel): ISectionOptions[] {
  const margin = m.layout === "dense-one-page" ? 500 : 1_080;
  const page = { margin: { top: margin, bottom: margin, left: margin, right: margin } };
  const top = [...nameBlocks(m), contactLine(m)];
  const main = (width: number): Block[] => [
    ...summaryBlocks(m),
    ...experienceBlocks(m, width),
    ...educationBlocks(m),
    ...skillsBlocks(m),
  ];
  switch (m.layout) {
    case "single-column":
    case "letter-spaced-name":
    case "multi-page":
    case "dense-one-page":
      return [{ properties: { page }, children: [...top, ...main(TEXT_WIDTH)] }];
    case "date-left":
      return [
        {
          properties: { page },
          children: [
            ...top,
            ...summaryBlocks(m),
            ...experienceBlocks(m, TEXT_WIDTH, true),
            ...educationBlocks(m),
            ...skillsBlocks(m),
          ],
        },
      ];
    case "two-column":
      return [
        { properties: { page }, children: top },
        {
          properties: { page, type: SectionType.CONTINUOUS, column: { count: 2, space: 500 } },
          children: [
            ...summaryBlocks(m),
            ...experienceBlocks(m, 4_700),
            columnBreak(),
            ...skillsBlocks(m),
            ...educationBlocks(m),
          ],
        },
      ];
    case "left-sidebar":
    case "right-sidebar": {
      const sideWidth = 2_900;
      const mainWidth = TEXT_WIDTH - sideWidth - 400;
      const side = [...contactItems(m).map((c) => para(c)), ...skillsBlocks(m), ...educationBlocks(m)];
      const mainCol = [...nameBlocks(m), ...summaryBlocks(m), ...experienceBlocks(m, mainWidth)];
      const left = m.layout === "left-sidebar";
      return [
        {
          properties: {
            page,
            column: {
              count: 2,
              equalWidth: false,
              children: left
                ? [new Column({ width: sideWidth, space: 400 }), new Column({ width: mainWidth })]
                : [new Column({ width: mainWidth, space: 400 }), new Column({ width: sideWidth })],
            },
          },
          children: left ? [...side, columnBreak(), ...mainCol] : [...mainCol, columnBreak(), ...side],
        },
      ];
    }
    case "table-grid":
      return [{ properties: { page }, children: [gridTable(m)] }];
    case "header-footer-contact": {
      const running = new Paragraph({
        alignment: AlignmentType.CENTER,
        children: [
          ...(m.running.withName
            ? [new TextRun({ text: `${m.name.full}${m.contactSeparator}`, bold: true, size: pt(9) })]
            : []),
          new TextRun({ text: contactItems(m).join(m.contactSeparator), size: pt(9) }),
        ],
      });
      const slot =
        m.running.slot === "header"
          ? { headers: { default: new Header({ children: [running] }) } }
          : { footers: { default: new Footer({ children: [running] }) } };
      return [
        {
          properties: { page },
          ...slot,
          children: [...(m.running.withName ? [] : nameBlocks(m)), ...main(TEXT_WIDTH)],
        },
      ];
    }
  }
}

/** The DOCX bytes of `m` in its layout. */
export async function renderDocx(m: ResumeModel): Promise<Uint8Array> {
  const size = m.layout === "dense-one-page" ? 17 : m.layout === "multi-page" ? 21 : 20;
  const doc = new Document({
    creator: "ResumeLens corpus",
    title: m.name.full,
    styles: { default: { document: { run: { font: FONT_NAMES[m.font] ?? "Arial", size } } } },
    numbering: { config: [] },
    sections: sections(m),
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}
