// A review report's drawing thread (node:worker_threads): pdfkit lays a report out in one synchronous run, which
// on the server's event loop held every other request for seconds (issue 48). render-pool.ts starts it; the
// server's bundle carries it as dist/report-render.mjs (scripts/build-server.mjs).
import { parentPort } from 'node:worker_threads';
import type { ReportData } from './report-content.js';
import { renderReport } from './report-pdf.js';

/** What the pool sends: a report's content. Its frames arrive as Uint8Arrays (a structured clone). */
export interface RenderRequest {
  data: ReportData;
}
export type RenderReply = { pdf: Uint8Array } | { error: string };

/** The PDF's bytes, whole: pdfkit writes every page at end() and streams them out after. */
export function reportBytes(data: ReportData): Promise<Buffer> {
  const doc = renderReport(data);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

/** pdfkit reads an image from a Buffer only; a clone gives a Uint8Array over the same bytes. */
const withBuffers = (data: ReportData): ReportData => ({
  ...data,
  timed: data.timed.map((e) =>
    e.frame
      ? {
          ...e,
          frame: {
            ...e.frame,
            jpeg: Buffer.from(e.frame.jpeg.buffer, e.frame.jpeg.byteOffset, e.frame.jpeg.byteLength),
          },
        }
      : e,
  ),
});

parentPort?.on('message', ({ data }: RenderRequest) => {
  reportBytes(withBuffers(data)).then(
    (pdf) => parentPort!.postMessage({ pdf } satisfies RenderReply),
    (err: unknown) =>
      parentPort!.postMessage({ error: err instanceof Error ? err.message : String(err) } satisfies RenderReply),
  );
});
