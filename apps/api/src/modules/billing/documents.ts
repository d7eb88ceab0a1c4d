import { LIMITS, type TSubscription } from "@resumelens/contract";
import PDFDocument from "pdfkit";
import { pdfSafe } from "../exports/render-pdf.ts";

/** The billing documents a user can download: a receipt for a payment, an invoice for the free plan. */

export type ReceiptModel = {
  receiptNumber: string;
  paymentId: string;
  paidAt: Date;
  amountCents: number;
  currency: string;
  description: string;
  billedTo: { email: string; name: string | null };
  /** 'test' receipts say so in large type: no money moved. */
  provider: "stripe" | "test";
  seller: { name: string; supportEmail: string; website: string };
};

const INK = "#0f172a";
const MUTED = "#64748b";
const RULE = "#e2e8f0";
const ACCENT = "#4f46e5";
const WARN = "#b45309";

export function formatMoney(amountCents: number, currency: string): string {
  return new Intl.NumberFormat("en-US", { style: "currency", currency: currency.toUpperCase() }).format(
    amountCents / 100,
  );
}

const longDate = (date: Date) =>
  date.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** A one-page PDF receipt. Deterministic: the same payment always gives the same bytes. */
export async function renderReceiptPdf(model: ReceiptModel): Promise<Uint8Array> {
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: 56, bottom: 56, left: 56, right: 56 },
    compress: true,
    info: {
      Title: `Receipt ${model.receiptNumber}`,
      Author: model.seller.name,
      Creator: model.seller.name,
      Producer: model.seller.name,
      CreationDate: model.paidAt,
      ModDate: model.paidAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });

  const x = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const amount = formatMoney(model.amountCents, model.currency);

  doc
    .font("Helvetica-Bold")
    .fontSize(9)
    .fillColor(MUTED)
    .text("RESUMELENS", x, 56, { characterSpacing: 1.5 });
  doc.moveDown(0.3);
  doc.font("Helvetica-Bold").fontSize(24).fillColor(INK).text("Receipt");
  doc.moveDown(0.2);
  doc
    .font("Helvetica")
    .fontSize(10)
    .fillColor(MUTED)
    .text(`Receipt number ${model.receiptNumber}   ·   Paid ${longDate(model.paidAt)}`);

  if (model.provider === "test") {
    doc.moveDown(0.8);
    doc
      .font("Helvetica-Bold")
      .fontSize(11)
      .fillColor(WARN)
      .text("TEST PAYMENT: made in ResumeLens's test-payment mode. No money was charged.", { width });
  }

  doc.moveDown(1.5);
  const columnTop = doc.y;
  const half = width / 2 - 12;
  doc.font("Helvetica-Bold").fontSize(9).fillColor(MUTED).text("BILLED TO", x, columnTop, { width: half });
  doc.font("Helvetica").fontSize(11).fillColor(INK);
  if (model.billedTo.name) doc.text(pdfSafe(model.billedTo.name), { width: half });
  doc.text(pdfSafe(model.billedTo.email), { width: half });
  const leftBottom = doc.y;
  const right = x + width / 2 + 12;
  doc.font("Helvetica-Bold").fontSize(9).fillColor(MUTED).text("FROM", right, columnTop, { width: half });
  doc.font("Helvetica").fontSize(11).fillColor(INK).text(model.seller.name, { width: half });
  doc.text(model.seller.website, { width: half });
  doc.text(model.seller.supportEmail, { width: half });
  doc.y = Math.max(leftBottom, doc.y);

  // The line items: one product, bought once.
  doc.moveDown(2);
  const tableTop = doc.y;
  const amountWidth = 110;
  doc.font("Helvetica-Bold").fontSize(9).fillColor(MUTED);
  doc.text("DESCRIPTION", x, tableTop, { width: width - amountWidth - 60 });
  doc.text("QTY", x + width - amountWidth - 50, tableTop, { width: 40, align: "right" });
  doc.text("AMOUNT", x + width - amountWidth, tableTop, { width: amountWidth, align: "right" });
  doc
    .moveTo(x, tableTop + 16)
    .lineTo(x + width, tableTop + 16)
    .lineWidth(1)
    .strokeColor(RULE)
    .stroke();
  const rowTop = tableTop + 26;
  doc.font("Helvetica").fontSize(11).fillColor(INK);
  doc.text(pdfSafe(model.description), x, rowTop, { width: width - amountWidth - 60 });
  doc
    .fontSize(9)
    .fillColor(MUTED)
    .text("Unlimited resume analyses. One-time payment, no renewal.", { width: width - amountWidth - 60 });
  doc
    .fontSize(11)
    .fillColor(INK)
    .text("1", x + width - amountWidth - 50, rowTop, { width: 40, align: "right" });
  doc.text(amount, x + width - amountWidth, rowTop, { width: amountWidth, align: "right" });

  const totalTop = rowTop + 52;
  doc
    .moveTo(x, totalTop)
    .lineTo(x + width, totalTop)
    .lineWidth(1)
    .strokeColor(RULE)
    .stroke();
  doc
    .font("Helvetica-Bold")
    .fontSize(12)
    .fillColor(INK)
    .text("Total paid", x, totalTop + 12, { width: width - amountWidth });
  doc
    .fillColor(ACCENT)
    .text(`${amount} ${model.currency.toUpperCase()}`, x + width - amountWidth - 40, totalTop + 12, {
      width: amountWidth + 40,
      align: "right",
    });

  doc.moveDown(3);
  doc.font("Helvetica").fontSize(9.5).fillColor(MUTED);
  doc.text(
    `Payment method: ${model.provider === "stripe" ? "card, processed by Stripe" : "test card (test-payment mode)"}`,
    x,
    doc.y,
    { width },
  );
  doc.text(`Payment reference: ${model.paymentId}`, { width });
  doc.moveDown(1);
  doc.text(`Questions about this receipt? Write to ${model.seller.supportEmail}.`, { width });

  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}

/**
 * The plain-text invoice of a plan with nothing to pay (the free-plan invoice of $0.00,
 * docs/product.md#billing-page).
 */
export function renderPlanInvoiceText({
  subscription,
  email,
  issuedAt,
  analysesUsed,
  seller,
}: {
  subscription: TSubscription;
  email: string;
  issuedAt: Date;
  analysesUsed: number;
  seller: { name: string; supportEmail: string; website: string };
}): string {
  const period = issuedAt.toLocaleDateString("en-US", { year: "numeric", month: "long", timeZone: "UTC" });
  const number = `RL-FREE-${issuedAt.getUTCFullYear()}${String(issuedAt.getUTCMonth() + 1).padStart(2, "0")}`;
  const plan =
    subscription === "free"
      ? `Free plan (${LIMITS.freeMonthlyAnalyses} analyses per month)`
      : "Lifetime plan (no payment on record)";
  return [
    `${seller.name} - Invoice`,
    "",
    `Invoice number:  ${number}`,
    `Date issued:     ${longDate(issuedAt)}`,
    `Billing period:  ${period}`,
    `Billed to:       ${email}`,
    "",
    "Description                                   Amount",
    "----------------------------------------------------",
    `${plan.padEnd(46)}$0.00`,
    `  Analyses used this month: ${analysesUsed}`,
    "----------------------------------------------------",
    `${"Total due".padEnd(46)}$0.00`,
    "",
    subscription === "free"
      ? "This is a free-plan invoice of $0.00. Nothing was charged and nothing is due."
      : "Nothing was charged and nothing is due.",
    `Questions? Write to ${seller.supportEmail} (${seller.website}).`,
    "",
  ].join("\n");
}
