import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { ANNOTATION_COLORS, DEFAULT_ANNOTATION_COLOR, FIX_STATE_LABELS, type FixState } from '@cutroom/domain';
import { NO_FRAME, type Drawing, type ReportData, type ReportEntry } from './report-content.js';

// DejaVu Sans covers Latin, Greek, Cyrillic, Armenian, Georgian, Hebrew and Arabic: what notes are written in
// (the PDF's own Helvetica stops at Western European). Read once per process.
const require = createRequire(import.meta.url);
const FONTS = {
  regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
  bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
};

const PAGE = { width: 595.28, height: 841.89, margin: 48 } as const;
const CONTENT = PAGE.width - 2 * PAGE.margin;
/** The frame's width beside its note; the height follows the frame's shape. */
const FRAME_W = 224;
const FRAME_PLACEHOLDER_H = 126;
const FRAME_MAX_H = 240;
const GUTTER = 14;
const FOOTER_H = 28;
const BOTTOM = PAGE.height - PAGE.margin - FOOTER_H;

const INK = '#1a1b1e';
const MUTED = '#5c5f66';
const RULE = '#dee2e6';
const STATE_COLORS: Record<FixState, string> = { open: '#d9480f', fixed: '#2b8a3e', wont_fix: '#5c5f66' };

type Doc = PDFKit.PDFDocument;

/** A drawing over the frame at (x, y, w, h): dark underneath so it reads on any picture, its colour on top. */
function drawOver(doc: Doc, d: Drawing, x: number, y: number, w: number, h: number) {
  const colour = ANNOTATION_COLORS[d.color ?? DEFAULT_ANNOTATION_COLOR];
  const at = (p: readonly number[]) => [x + p[0]! * w, y + p[1]! * h] as const;
  const path = () => {
    const points = d.points ?? [];
    switch (d.shape) {
      case 'rect':
        doc.rect(x + d.x * w, y + d.y * h, d.w * w, d.h * h);
        break;
      case 'oval':
        doc.ellipse(x + (d.x + d.w / 2) * w, y + (d.y + d.h / 2) * h, (d.w * w) / 2, (d.h * h) / 2);
        break;
      case 'point':
        doc.circle(x + d.x * w, y + d.y * h, 5);
        break;
      case 'arrow':
      case 'pen': {
        if (points.length < 2) return false;
        doc.moveTo(...at(points[0]!));
        for (const p of points.slice(1)) doc.lineTo(...at(p));
        if (d.shape === 'arrow') {
          const [tx, ty] = at(points[0]!);
          const [hx, hy] = at(points[1]!);
          const angle = Math.atan2(hy - ty, hx - tx);
          for (const side of [-1, 1]) {
            doc.moveTo(hx, hy).lineTo(hx - 9 * Math.cos(angle + side * 0.45), hy - 9 * Math.sin(angle + side * 0.45));
          }
        }
        break;
      }
    }
    return true;
  };
  doc.save().lineCap('round').lineJoin('round');
  if (path()) doc.lineWidth(3.5).strokeOpacity(0.55).stroke('#000000');
  if (path()) doc.lineWidth(1.8).strokeOpacity(1).stroke(colour);
  doc.restore();
}

type Picture = { w: number; h: number };
/** pdfkit reads an image's size without placing it; its types leave the method out. */
const sizeOf = (doc: Doc, jpeg: Buffer) =>
  (doc as unknown as { openImage(src: Buffer): { width: number; height: number } }).openImage(jpeg);

/** The frame fitted into the frame column (a tall phone video keeps its shape), or null when unreadable. */
function picture(doc: Doc, entry: ReportEntry): Picture | null {
  if (!entry.frame) return null;
  try {
    const image = sizeOf(doc, entry.frame.jpeg);
    const scale = Math.min(FRAME_W / image.width, FRAME_MAX_H / image.height);
    return { w: image.width * scale, h: image.height * scale };
  } catch {
    return null; // An image pdfkit cannot read gets the placeholder.
  }
}

/** The frame with its drawing, or a grey box saying why there is none; returns its height. */
function frameBlock(doc: Doc, entry: ReportEntry, shown: Picture | null, x: number, y: number): number {
  if (shown && entry.frame) {
    const left = x + (FRAME_W - shown.w) / 2;
    doc.image(entry.frame.jpeg, left, y, { width: shown.w, height: shown.h });
    if (entry.drawing) drawOver(doc, entry.drawing, left, y, shown.w, shown.h);
    doc
      .font('regular')
      .fontSize(7)
      .fillColor(MUTED)
      .text(`frame ${entry.frame.number}`, x, y + shown.h + 2, { width: FRAME_W, align: 'right', lineBreak: false });
    return shown.h + 11;
  }
  doc.save().rect(x, y, FRAME_W, FRAME_PLACEHOLDER_H).fill('#f1f3f5').restore();
  doc
    .font('regular')
    .fontSize(8.5)
    .fillColor(MUTED)
    .text(
      entry.frame ? NO_FRAME.unreadable : (entry.noFrame ?? NO_FRAME.unreadable),
      x + 12,
      y + FRAME_PLACEHOLDER_H / 2 - 12,
      {
        width: FRAME_W - 24,
        align: 'center',
      },
    );
  return FRAME_PLACEHOLDER_H;
}

interface Line {
  font: 'regular' | 'bold';
  size: number;
  color: string;
  text: string;
  indent?: number;
  gap?: number;
}

/** The note's words as lines of text: who and when, what, its state's reason, its replies. */
function noteLines(entry: ReportEntry): Line[] {
  const lines: Line[] = [
    { font: 'bold', size: 9.5, color: INK, text: entry.author },
    { font: 'regular', size: 8, color: MUTED, text: entry.written, gap: 3 },
    { font: 'regular', size: 10, color: INK, text: entry.text || '(no text)', gap: 4 },
  ];
  if (entry.state === 'wont_fix' && entry.wontFixReason)
    lines.push({ font: 'regular', size: 9, color: MUTED, text: `Won't fix: ${entry.wontFixReason}`, gap: 4 });
  for (const reply of entry.replies) {
    lines.push({ font: 'bold', size: 8.5, color: INK, text: `↳ ${reply.author}`, indent: 10 });
    lines.push({ font: 'regular', size: 7.5, color: MUTED, text: reply.written, indent: 20, gap: 2 });
    lines.push({ font: 'regular', size: 9, color: INK, text: reply.text, indent: 20, gap: 4 });
  }
  return lines;
}

const lineHeight = (doc: Doc, line: Line, width: number) =>
  doc
    .font(line.font)
    .fontSize(line.size)
    .heightOfString(line.text, { width: width - (line.indent ?? 0) }) + (line.gap ?? 1);

function writeLines(doc: Doc, lines: Line[], x: number, y: number, width: number) {
  let at = y;
  for (const line of lines) {
    const indent = line.indent ?? 0;
    doc
      .font(line.font)
      .fontSize(line.size)
      .fillColor(line.color)
      .text(line.text, x + indent, at, { width: width - indent });
    at = doc.y + (line.gap ?? 1);
  }
  return at;
}

/** The heading row of a note: its number, moment and video, and its state on the right when it is a checklist item. */
function heading(doc: Doc, entry: ReportEntry, y: number) {
  const where = [entry.moment ?? 'No moment', entry.video].filter(Boolean).join('   ·   ');
  doc
    .font('bold')
    .fontSize(10.5)
    .fillColor(INK)
    .text(`#${entry.number}   ${where}`, PAGE.margin, y, { width: CONTENT - 90, lineBreak: false });
  if (entry.state)
    doc
      .font('bold')
      .fontSize(9)
      .fillColor(STATE_COLORS[entry.state])
      .text(FIX_STATE_LABELS[entry.state], PAGE.margin + CONTENT - 90, y + 1, { width: 90, align: 'right' });
  return y + 18;
}

/** Starts a new page when the block will not fit in what is left of this one (unless the page is fresh). */
function room(doc: Doc, y: number, needed: number) {
  if (y + needed <= BOTTOM || y <= PAGE.margin + 1) return y;
  doc.addPage();
  return PAGE.margin;
}

function timedEntry(doc: Doc, entry: ReportEntry, top: number) {
  const textX = PAGE.margin + FRAME_W + GUTTER;
  const textW = CONTENT - FRAME_W - GUTTER;
  const lines = noteLines(entry);
  const textH = lines.reduce((sum, l) => sum + lineHeight(doc, l, textW), 0);
  const shown = picture(doc, entry);
  const frameH = shown ? shown.h + 11 : FRAME_PLACEHOLDER_H;
  // The block stays whole unless its text alone is longer than a page.
  let y = room(doc, top, 18 + Math.min(Math.max(frameH, textH), BOTTOM - PAGE.margin - 18));
  y = heading(doc, entry, y);
  const pages = doc.bufferedPageRange().count;
  const below = y + frameBlock(doc, entry, shown, PAGE.margin, y);
  const after = writeLines(doc, lines, textX, y, textW);
  // Text that ran onto a new page ends there; the frame's bottom only counts on its own page.
  return doc.bufferedPageRange().count === pages ? Math.max(after, below) : after;
}

function untimedEntry(doc: Doc, entry: ReportEntry, top: number) {
  const lines = noteLines(entry);
  const textH = lines.reduce((sum, l) => sum + lineHeight(doc, l, CONTENT), 0);
  let y = room(doc, top, 18 + Math.min(textH, BOTTOM - PAGE.margin - 18));
  y = heading(doc, entry, y);
  return writeLines(doc, lines, PAGE.margin, y, CONTENT);
}

function rule(doc: Doc, y: number) {
  doc
    .save()
    .moveTo(PAGE.margin, y)
    .lineTo(PAGE.margin + CONTENT, y)
    .lineWidth(0.5)
    .stroke(RULE)
    .restore();
  return y + 12;
}

function cover(doc: Doc, data: ReportData) {
  const m = PAGE.margin;
  doc.font('bold').fontSize(11).fillColor(MUTED).text('Cutroom review report', m, 120);
  doc.moveDown(0.6).font('bold').fontSize(24).fillColor(INK).text(data.title, { width: CONTENT });
  doc.moveDown(1.2);
  const facts: [string, string][] = [
    ['Card', `#${data.cardId}`],
    ['Customer', data.customer],
    ['Chat', data.chat],
    ['Version', data.version],
    ['Made', data.made],
  ];
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font('regular').fontSize(11).fillColor(MUTED).text(label, m, y, { width: 90 });
    doc
      .font('regular')
      .fontSize(11)
      .fillColor(INK)
      .text(value, m + 90, y, { width: CONTENT - 90 });
    doc.moveDown(0.35);
  }
  doc.moveDown(1.5);
  const total = data.timed.length + data.untimed.length;
  doc
    .font('bold')
    .fontSize(13)
    .fillColor(INK)
    .text(total === 1 ? '1 note' : `${total} notes`, m);
  doc.moveDown(0.4);
  let x = m;
  const y = doc.y;
  for (const state of ['open', 'fixed', 'wont_fix'] as const) {
    doc.font('bold').fontSize(20).fillColor(STATE_COLORS[state]).text(String(data.counts[state]), x, y, { width: 140 });
    doc
      .font('regular')
      .fontSize(10)
      .fillColor(MUTED)
      .text(FIX_STATE_LABELS[state], x, y + 26, { width: 140 });
    x += 150;
  }
  doc.x = m;
  doc.y = y + 56;
  const notices = [
    total === 0 ? 'This chat has no notes yet.' : null,
    data.outsideLinks ? 'Some notes are on a video that is a link outside Cutroom: those notes show no frame.' : null,
    data.timed.length ? 'Notes on a moment come first, in time order, each with the frame at its start.' : null,
  ].filter((t): t is string => t !== null);
  for (const notice of notices)
    doc.font('regular').fontSize(10).fillColor(MUTED).text(notice, m, doc.y, { width: CONTENT });
}

/** Page numbers and the card on every page, written once every page exists. */
function footers(doc: Doc, data: ReportData) {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    // Writing below the bottom margin would start a page of its own.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = PAGE.height - PAGE.margin + 10;
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(MUTED)
      .text(`${data.title} · card #${data.cardId}`, PAGE.margin, y, { width: CONTENT - 100, lineBreak: false });
    doc.text(`Page ${i + 1} of ${count}`, PAGE.margin + CONTENT - 100, y, {
      width: 100,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}

/** The review report as a PDF stream: a cover, the notes on a moment with their frames, then the rest. */
export function renderReport(data: ReportData): Doc {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: PAGE.margin, bottom: PAGE.margin + FOOTER_H, left: PAGE.margin, right: PAGE.margin },
    bufferPages: true,
    info: { Title: `Review report: ${data.title}`, Author: 'Cutroom', Subject: `Card #${data.cardId}` },
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  cover(doc, data);
  if (data.timed.length) {
    doc.addPage();
    let y: number = PAGE.margin;
    for (const entry of data.timed) y = rule(doc, timedEntry(doc, entry, y) + 8);
  }
  if (data.untimed.length) {
    doc.addPage();
    doc.font('bold').fontSize(14).fillColor(INK).text('Notes on no moment', PAGE.margin, PAGE.margin);
    let y = doc.y + 10;
    for (const entry of data.untimed) y = rule(doc, untimedEntry(doc, entry, y) + 8);
  }
  footers(doc, data);
  doc.end();
  return doc;
}
