/** Small PDFs written by hand for hostile-input tests: no text layer, encryption. */

/** A minimal valid PDF built from the given objects, with a correct xref table. */
export function buildPdf(objects: string[], trailerExtra = ""): Uint8Array {
  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(out);
}

const drawing = "0 0 1 rg 10 10 100 50 re f";
/** A page with a drawn rectangle and no text: what a scanned resume looks like to us. */
export const imageOnlyPdf = () =>
  buildPdf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << >> >>",
    `<< /Length ${drawing.length} >>\nstream\n${drawing}\nendstream`,
  ]);
/** A PDF with a standard security handler: pdf.js asks for a password. */
export const encryptedPdf = () => {
  const pad = (c: string) => `<${c.repeat(64)}>`;
  return buildPdf(
    [
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>",
      `<< /Filter /Standard /V 1 /R 2 /O ${pad("A")} /U ${pad("B")} /P -44 >>`,
    ],
    `/Encrypt 4 0 R /ID [<0123456789ABCDEF0123456789ABCDEF> <0123456789ABCDEF0123456789ABCDEF>] `,
  );
};
