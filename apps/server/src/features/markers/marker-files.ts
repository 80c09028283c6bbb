import {
  MARKER_TIMELINE_STARTS,
  csvDocument,
  frameOfTime,
  hourFrames,
  timecodeOf,
  type FrameRate,
  type MarkerFormat,
  type MarkerTimelineStart,
} from '@cutroom/domain';

/** One timed note as the editing software shows it: at a moment, or over a range to `until`. */
export interface Marker {
  seconds: number;
  until: number | null;
  author: string;
  text: string;
  done: boolean;
}

export interface MarkerFile {
  title: string;
  rate: FrameRate;
  start: MarkerTimelineStart;
  markers: readonly Marker[];
}

/** The timeline runs a second past the last marker's end. */
const TAIL_SECONDS = 1;

// eslint-disable-next-line no-control-regex -- these are exactly the characters XML 1.0 forbids
const XML_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;

const xml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    // Control characters other than tab and line breaks are not allowed in XML 1.0.
    .replace(XML_FORBIDDEN, '');

/** One line of text: EDL comments and marker names end at a line break, and `|` separates Resolve's fields. */
const oneLine = (text: string) => text.replace(XML_FORBIDDEN, '').replace(/\s+/g, ' ').replace(/\|/g, '/').trim();

/**
 * Each marker's first frame and its length in frames: a moment is one frame, a range covers the frames
 * from the one at its start to the one at its end, both shown.
 */
function framing(file: MarkerFile) {
  const { rate } = file;
  const first = hourFrames(MARKER_TIMELINE_STARTS[file.start], rate);
  const frames = file.markers.map((m) => frameOfTime(m.seconds, rate));
  const lengths = file.markers.map((m, i) =>
    m.until === null ? 1 : Math.max(1, frameOfTime(m.until, rate) - frames[i]! + 1),
  );
  const end = Math.max(0, ...frames.map((f, i) => f + lengths[i]! - 1));
  const length = end + Math.round((TAIL_SECONDS * rate.num) / rate.den);
  return { rate, first, frames, lengths, length };
}

/** CMX 3600 events with Resolve's marker comments (`|C:colour |M:name |D:duration`), one per note. */
function edl(file: MarkerFile): string {
  const { rate, first, frames, lengths } = framing(file);
  const lines = [`TITLE: ${oneLine(file.title).slice(0, 70)}`, 'FCM: NON-DROP FRAME', ''];
  file.markers.forEach((m, i) => {
    const at = timecodeOf(first + frames[i]!, rate);
    const out = timecodeOf(first + frames[i]! + lengths[i]!, rate);
    const event = String(i + 1).padStart(3, '0');
    lines.push(`${event}  001      V     C        ${at} ${out} ${at} ${out}  `);
    const colour = m.done ? 'ResolveColorGreen' : 'ResolveColorRed';
    lines.push(` |C:${colour} |M:${oneLine(`${m.author}: ${m.text}`)} |D:${lengths[i]}`, '');
  });
  return lines.join('\r\n');
}

/** A time as FCPXML's rational seconds: whole frames of the rate's frame duration. */
const rational = (frames: number, rate: FrameRate) => (frames === 0 ? '0s' : `${frames * rate.den}/${rate.num}s`);

/** A project whose one gap clip carries the notes as to-do markers (ticked when done). */
function fcpxml(file: MarkerFile): string {
  const { rate, first, frames, lengths, length } = framing(file);
  const t = (n: number) => rational(n, rate);
  const markers = file.markers.map(
    (m, i) =>
      `            <marker start="${t(first + frames[i]!)}" duration="${t(lengths[i]!)}" value="${xml(oneLine(m.text))}" note="${xml(m.author)}" completed="${m.done ? 1 : 0}"/>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE fcpxml>',
    '<fcpxml version="1.10">',
    '  <resources>',
    `    <format id="r1" frameDuration="${t(1)}" width="1920" height="1080"/>`,
    '  </resources>',
    '  <library>',
    '    <event name="Cutroom">',
    `      <project name="${xml(file.title)}">`,
    `        <sequence format="r1" duration="${t(length)}" tcStart="${t(first)}" tcFormat="NDF">`,
    '          <spine>',
    `            <gap name="Notes" offset="${t(first)}" start="${t(first)}" duration="${t(length)}">`,
    ...markers.map((line) => `    ${line}`),
    '            </gap>',
    '          </spine>',
    '        </sequence>',
    '      </project>',
    '    </event>',
    '  </library>',
    '</fcpxml>',
    '',
  ].join('\n');
}

/** A Final Cut Pro 7 XML (xmeml 4) sequence with sequence markers, which Premiere Pro imports. */
function premiere(file: MarkerFile): string {
  const { rate, first, frames, lengths, length } = framing(file);
  const rateXml = `<rate><timebase>${rate.timebase}</timebase><ntsc>${rate.ntsc ? 'TRUE' : 'FALSE'}</ntsc></rate>`;
  const markers = file.markers.map((m, i) =>
    [
      '    <marker>',
      `      <name>${xml(oneLine(m.text).slice(0, 60))}</name>`,
      `      <comment>${xml(`${m.author}${m.done ? ' (done)' : ''}: ${m.text}`)}</comment>`,
      `      <in>${frames[i]}</in>`,
      // -1: a marker on one frame; a range's out is the frame after its last.
      `      <out>${m.until === null ? -1 : frames[i]! + lengths[i]!}</out>`,
      '    </marker>',
    ].join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE xmeml>',
    '<xmeml version="4">',
    '  <sequence id="cutroom-notes">',
    `    <name>${xml(file.title)}</name>`,
    `    <duration>${length}</duration>`,
    `    ${rateXml}`,
    `    <timecode>${rateXml}<string>${timecodeOf(first, rate)}</string><frame>${first}</frame><displayformat>NDF</displayformat></timecode>`,
    '    <media><video><format><samplecharacteristics><width>1920</width><height>1080</height></samplecharacteristics></format></video><audio/></media>',
    ...markers,
    '  </sequence>',
    '</xmeml>',
    '',
  ].join('\n');
}

/** The columns of Premiere Pro's own marker list, times as timeline timecode. */
function csv(file: MarkerFile): string {
  const { rate, first, frames, lengths } = framing(file);
  return csvDocument(
    ['Marker Name', 'Description', 'In', 'Out', 'Duration', 'Marker Type'],
    file.markers.map((m, i) => [
      m.author,
      `${m.done ? '(done) ' : ''}${oneLine(m.text)}`,
      timecodeOf(first + frames[i]!, rate),
      // The EDL's convention (docs/review.md): a moment is one frame long, a range its frames; Out is the frame after.
      timecodeOf(first + frames[i]! + lengths[i]!, rate),
      timecodeOf(lengths[i]!, rate),
      'Comment',
    ]),
  );
}

export const MARKER_WRITERS: Record<MarkerFormat, (file: MarkerFile) => string> = { edl, fcpxml, premiere, csv };
