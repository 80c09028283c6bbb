// A PDF read back the way a viewer reads it (pdf.js): each page's text, its pictures and the colours it strokes.
import { OPS, getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfPage {
  /** The page's text runs joined by single spaces, in drawing order. */
  text: string;
  /** The pictures painted on the page, by their pixel size. */
  images: { width: number; height: number }[];
  /** Every stroke colour set on the page, as #rrggbb. */
  strokes: string[];
}

const hex = (args: unknown[]) => {
  const [first] = args;
  if (typeof first === 'string') return first.toLowerCase();
  return `#${(args as number[])
    .slice(0, 3)
    .map((v) => Math.round(v).toString(16).padStart(2, '0'))
    .join('')}`;
};

export async function readPdf(bytes: Buffer): Promise<{ title: string | null; pages: PdfPage[] }> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0, isEvalSupported: false }).promise;
  try {
    const meta = await pdf.getMetadata();
    const pages: PdfPage[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      const text = content.items
        .map((item) => ('str' in item ? item.str : ''))
        .filter(Boolean)
        .join(' ')
        .replace(/\s+/g, ' ');
      const ops = await page.getOperatorList();
      const images: PdfPage['images'] = [];
      const strokes: string[] = [];
      for (const [i, fn] of ops.fnArray.entries()) {
        const args = ops.argsArray[i] as unknown[];
        if (fn === OPS.paintImageXObject) images.push({ width: args[1] as number, height: args[2] as number });
        if (fn === OPS.setStrokeRGBColor) strokes.push(hex(args));
      }
      pages.push({ text, images, strokes });
    }
    const info = meta.info as { Title?: string };
    return { title: info.Title ?? null, pages };
  } finally {
    await pdf.destroy();
  }
}
