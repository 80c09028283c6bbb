// A PDF read back the way a viewer reads it (pdf.js): each page's text, its pictures and the colours it strokes.
import { OPS, getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfImage {
  width: number;
  height: number;
  luma(x: number, y: number): number;
}

interface DecodedImage {
  width: number;
  height: number;
  /** pdf.js's ImageKind: 1 grey bits, 2 RGB, 3 RGBA. */
  kind: number;
  data: Uint8ClampedArray;
}

const imageOf = ({ width, height, kind, data }: DecodedImage): PdfImage => ({
  width,
  height,
  luma(x, y) {
    if (kind !== 2 && kind !== 3) throw new Error(`pdf image kind ${kind} is not read here`);
    const at = (Math.round(y) * width + Math.round(x)) * (kind === 2 ? 3 : 4);
    return 0.299 * data[at]! + 0.587 * data[at + 1]! + 0.114 * data[at + 2]!;
  },
});

export interface PdfPage {
  /** The page's text runs joined by single spaces, in drawing order. */
  text: string;
  /** The pictures painted on the page, decoded: their size and the brightness (0–255) of any pixel. */
  images: PdfImage[];
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
        if (fn === OPS.paintImageXObject) {
          const decoded = await new Promise<DecodedImage>((resolve) => {
            page.objs.get(args[0] as string, (image: DecodedImage) => resolve(image));
          });
          images.push(imageOf(decoded));
        }
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
