import { describe, expect, it } from 'vitest';
import {
  CAPTION_LIMITS,
  CAPTION_TEXT,
  captionQc,
  cleanCueText,
  cueMatches,
  formatCueClock,
  formatCueTime,
  parseCaptions,
  toSrt,
  toVtt,
  type Cue,
  type ParsedCaptions,
} from './captions.js';

const cue = (start: number, end: number, text: string, settings: string | null = null): Cue => ({
  start,
  end,
  text,
  settings,
});

/** The cues of a file that must read; fails the test with its problems otherwise. */
function cuesOf(parsed: ParsedCaptions): Cue[] {
  if (!parsed.ok) throw new Error(`not ok: ${JSON.stringify(parsed.problems)}`);
  return parsed.cues;
}

function problemsOf(parsed: ParsedCaptions) {
  if (parsed.ok) throw new Error('read although it should not have');
  return parsed.problems;
}

const srt = (...blocks: string[]) => blocks.join('\n\n') + '\n';

describe('cue times', () => {
  it('write hours, minutes, seconds and milliseconds with the separator of each format', () => {
    expect(formatCueTime(3723.456, 'srt')).toBe('01:02:03,456');
    expect(formatCueTime(3723.456, 'vtt')).toBe('01:02:03.456');
    expect(formatCueTime(0, 'srt')).toBe('00:00:00,000');
    // Float noise rounds to the millisecond rather than truncating.
    expect(formatCueTime(0.1 + 0.2, 'vtt')).toBe('00:00:00.300');
    expect(formatCueTime(59.9996, 'vtt')).toBe('00:01:00.000');
  });

  it('read as a clock in messages', () => {
    expect(formatCueClock(4.5)).toBe('0:04.500');
    expect(formatCueClock(723.25)).toBe('12:03.250');
    expect(formatCueClock(3723.456)).toBe('1:02:03.456');
  });
});

describe('SRT', () => {
  const cues = [
    cue(1, 2.5, 'Hello'),
    cue(2.5, 4.001, 'Two lines\nof text'),
    cue(3723.456, 3725.999, 'Past an hour'),
    cue(36_000.123, 36_001.007, 'Ten hours in'),
  ];

  it('writes numbered blocks separated by blank lines, ending in one newline', () => {
    expect(toSrt(cues.slice(0, 2))).toBe(
      '1\n00:00:01,000 --> 00:00:02,500\nHello\n\n2\n00:00:02,500 --> 00:00:04,001\nTwo lines\nof text\n',
    );
    expect(toSrt([])).toBe('');
  });

  it('round-trips to the millisecond, with hours and several lines', () => {
    const parsed = parseCaptions(toSrt(cues));
    expect(parsed).toEqual({ ok: true, format: 'srt', cues });
  });

  it('accepts a dot for the comma, one-digit hours, no index line and text after the end time', () => {
    const parsed = parseCaptions(srt('0:00:01.250 --> 0:00:02,000 X1:10 X2:20\nHi', '00:00:03,000-->00:00:04,000\nYo'));
    expect(cuesOf(parsed)).toEqual([cue(1.25, 2, 'Hi'), cue(3, 4, 'Yo')]);
  });

  it('names the line of a block without a valid timing line', () => {
    const parsed = parseCaptions(
      srt(
        '1\n00:00:01,000 --> 00:00:02,000\nFine',
        '2\n00:00:03,000 -> 00:00:04,000\nArrow',
        '3\n00:61:00,000 --> 00:62:00,000\nX',
      ),
    );
    expect(problemsOf(parsed)).toEqual([
      { line: 6, message: 'Line 6: expected a time like 00:00:01,000 --> 00:00:02,000' },
      { line: 10, message: 'Line 10: expected a time like 00:00:01,000 --> 00:00:02,000' },
    ]);
  });
});

describe('WebVTT', () => {
  const cues = [
    cue(0.5, 1.75, 'Plain'),
    cue(2, 3.5, 'Up top\nand left', 'line:10% align:start'),
    cue(3725.001, 3726, 'An hour in', 'vertical:rl line:-2,end position:30%,line-left size:40%'),
  ];

  it('writes the header, the settings and escaped text, ending in one newline', () => {
    expect(toVtt([cue(1, 2, 'Tom & <Jerry>', 'align:end'), cue(2, 3, 'Bye')])).toBe(
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.000 align:end\nTom &amp; &lt;Jerry&gt;\n\n00:00:02.000 --> 00:00:03.000\nBye\n',
    );
    expect(toVtt([])).toBe('WEBVTT\n');
  });

  it('round-trips to the millisecond, settings included', () => {
    expect(parseCaptions(toVtt(cues))).toEqual({ ok: true, format: 'vtt', cues });
  });

  it('reads short times, header metadata and cue identifiers', () => {
    const file =
      'WEBVTT - Episode 1\nKind: captions\nLanguage: en\n\nintro\n00:01.000 --> 00:02.000\nHi\n\n01:00.000 --> 01:01.500\nLater\n';
    const parsed = parseCaptions(file);
    expect(parsed.ok && parsed.format).toBe('vtt');
    expect(cuesOf(parsed)).toEqual([cue(1, 2, 'Hi'), cue(60, 61.5, 'Later')]);
  });

  it('skips NOTE, STYLE and REGION blocks', () => {
    const file = [
      'WEBVTT',
      'STYLE\n::cue { color: red }',
      'REGION\nid:fred width:40%',
      'NOTE this is a note\nthat goes on',
      'NOTE',
      '00:00:01.000 --> 00:00:02.000\nOnly cue',
    ].join('\n\n');
    expect(cuesOf(parseCaptions(file))).toEqual([cue(1, 2, 'Only cue')]);
  });

  it('keeps the known settings, normalised, and silently drops unknown or malformed ones', () => {
    const file =
      'WEBVTT\n\n00:00:01.000 --> 00:00:02.000 region:fred   align:middle line:0\tsize:150% position:50%,center onclick:x\nA\n\n' +
      '00:00:03.000 --> 00:00:04.000 region:fred foo\nB\n';
    expect(cuesOf(parseCaptions(file))).toEqual([cue(1, 2, 'A', 'line:0 position:50%,center'), cue(3, 4, 'B')]);
  });

  it('never writes settings a cue did not get from a file', () => {
    const file = toVtt([cue(1, 2, 'A', 'align:start\n\n00:00:05.000 --> 00:00:09.000\nInjected region:x')]);
    expect(file).toBe('WEBVTT\n\n00:00:01.000 --> 00:00:02.000 align:start\nA\n');
  });

  it('takes WebVTT timing only, pointing at the bad line', () => {
    const parsed = parseCaptions('WEBVTT\n\n00:00:01,000 --> 00:00:02,000\nComma\n');
    expect(problemsOf(parsed)).toEqual([
      { line: 3, message: 'Line 3: expected a time like 00:00:01.000 --> 00:00:02.000' },
    ]);
  });
});

describe('reading text', () => {
  it('drops a byte order mark and reads CRLF and lone CR line ends', () => {
    const expected = [cue(1, 2, 'One\nTwo'), cue(3, 4, 'Three')];
    const lf = '1\n00:00:01,000 --> 00:00:02,000\nOne\nTwo\n\n2\n00:00:03,000 --> 00:00:04,000\nThree\n';
    expect(cuesOf(parseCaptions('\uFEFF' + lf))).toEqual(expected);
    expect(cuesOf(parseCaptions(lf.replace(/\n/g, '\r\n')))).toEqual(expected);
    expect(cuesOf(parseCaptions(lf.replace(/\n/g, '\r')))).toEqual(expected);
    expect(cuesOf(parseCaptions('\uFEFFWEBVTT\r\n\r\n00:01.000 --> 00:02.000\r\nOne\r\nTwo\r\n'))).toEqual([
      cue(1, 2, 'One\nTwo'),
    ]);
  });

  it('reads UTF-8 bytes, BOM included', () => {
    const bytes = new TextEncoder().encode('\uFEFFWEBVTT\n\n00:01.000 --> 00:02.000\nCafé – 日本語 🎬\n');
    expect(bytes[0]).toBe(0xef);
    const parsed = parseCaptions(bytes);
    expect(parsed).toEqual({ ok: true, format: 'vtt', cues: [cue(1, 2, 'Café – 日本語 🎬')] });
  });

  it('refuses what is not text: a NUL byte, bytes that are not UTF-8', () => {
    const notText = [{ line: 0, message: CAPTION_TEXT.notText }];
    const valid = new TextEncoder().encode('1\n00:00:01,000 --> 00:00:02,000\nHi\n');
    expect(parseCaptions(valid).ok).toBe(true);
    const withNul = Uint8Array.from([...valid.slice(0, 10), 0, ...valid.slice(10)]);
    expect(problemsOf(parseCaptions(withNul))).toEqual(notText);
    const latin1 = Uint8Array.from([...valid.slice(0, -3), 0xe9, 0x0a]);
    expect(problemsOf(parseCaptions(latin1))).toEqual(notText);
    expect(problemsOf(parseCaptions(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))).toEqual(
      notText,
    );
    expect(problemsOf(parseCaptions('WEBVTT\n\n00:01.000 --> 00:02.000\nA\0B\n'))).toEqual(notText);
    expect(CAPTION_TEXT.notText).toBe('This file is not text: upload an SRT or WebVTT file.');
  });

  it('refuses a file over the size limit before reading it, counting bytes of UTF-8', () => {
    const tooBig = [{ line: 0, message: 'This file is too big: a caption file can be at most 2 MB.' }];
    expect(problemsOf(parseCaptions(new Uint8Array(CAPTION_LIMITS.fileBytes + 1)))).toEqual(tooBig);
    // 700,000 three-byte characters are 2.1 MB though the string's length is 700,000.
    const wide = 'WEBVTT\n\n00:01.000 --> 00:02.000\n' + '語'.repeat(700_000) + '\n';
    expect(problemsOf(parseCaptions(wide))).toEqual(tooBig);
    // At the limit is allowed (and then refused for what it holds, not its size).
    const atLimit = 'x'.repeat(CAPTION_LIMITS.fileBytes);
    expect(problemsOf(parseCaptions(atLimit))).toEqual([{ line: 0, message: CAPTION_TEXT.unknownFormat }]);
  });

  it('refuses a file that is neither SRT nor WebVTT', () => {
    const neither = [{ line: 0, message: 'This is neither an SRT nor a WebVTT file.' }];
    expect(problemsOf(parseCaptions('Just some notes\nabout the video\n'))).toEqual(neither);
    expect(problemsOf(parseCaptions('WEBVTTX\n\n00:01.000 --> 00:02.000\nA\n'))).toEqual(neither);
    expect(problemsOf(parseCaptions('{"cues": []}'))).toEqual(neither);
  });

  it('says an empty file has no captions', () => {
    const none = [{ line: 0, message: 'This file has no captions in it.' }];
    expect(problemsOf(parseCaptions(''))).toEqual(none);
    expect(problemsOf(parseCaptions(new Uint8Array()))).toEqual(none);
    expect(problemsOf(parseCaptions('\uFEFF \n\r\n\t\n'))).toEqual(none);
    expect(problemsOf(parseCaptions('WEBVTT\n\nNOTE nothing yet\n'))).toEqual(none);
    // Cues whose text is all markup are left out, so this file has none either.
    expect(
      problemsOf(parseCaptions(srt('1\n00:00:01,000 --> 00:00:02,000\n<i> </i>', '2\n00:00:03,000 --> 00:00:04,000'))),
    ).toEqual(none);
  });
});

describe('cue text', () => {
  it('is plain text: every tag stripped, a script included', () => {
    const file = srt(
      '1\n00:00:01,000 --> 00:00:02,000\n<script>alert(1)</script>',
      '2\n00:00:02,000 --> 00:00:03,000\n<font color="#ff0000">Red</font> <b>bold</b>\n  <i>second</i> line  ',
    );
    expect(cuesOf(parseCaptions(file))).toEqual([cue(1, 2, 'alert(1)'), cue(2, 3, 'Red bold\nsecond line')]);
    const vtt =
      'WEBVTT\n\n00:01.000 --> 00:05.000\n<v Roger Bingham>We are in <c.yellow.bg_blue>New York</c>\n<00:00:02.000>karaoke <lang en>word</lang>\n';
    expect(cuesOf(parseCaptions(vtt))).toEqual([cue(1, 5, 'We are in New York\nkaraoke word')]);
  });

  it('decodes entities once, and toVtt escapes them again', () => {
    const file =
      'WEBVTT\n\n00:01.000 --> 00:02.000\nTom &amp; Jerry &lt;3 &quot;hi&quot; &#39;yo&#39; &#x263A; &#233;&nbsp;&lrm;\n&amp;lt;b&amp;gt; &bogus; &#0;\n';
    const [read] = cuesOf(parseCaptions(file));
    expect(read?.text).toBe('Tom & Jerry <3 "hi" \'yo\' ☺ é\u00a0\u200e\n&lt;b&gt; &bogus; \ufffd');
    const written = toVtt(cuesOf(parseCaptions(file)));
    expect(written).toContain('Tom &amp; Jerry &lt;3 "hi"');
    expect(written).not.toMatch(/<3/);
    expect(cuesOf(parseCaptions(written))).toEqual(cuesOf(parseCaptions(file)));
  });

  it('is cleaned the same way for a line typed by hand', () => {
    expect(cleanCueText('  <b>Hi</b> &amp; bye \r\n\r\n  second ')).toBe('Hi & bye\nsecond');
    expect(cleanCueText('<i></i>   ')).toBe('');
  });

  it('refuses a cue longer than the limit', () => {
    const long = 'a'.repeat(CAPTION_LIMITS.cueChars + 1);
    const ok = 'b'.repeat(CAPTION_LIMITS.cueChars);
    const parsed = parseCaptions(
      srt(`1\n00:00:01,000 --> 00:00:02,000\n${ok}`, `2\n00:00:03,000 --> 00:00:04,000\n${long}`),
    );
    expect(problemsOf(parsed)).toEqual([{ line: 6, message: 'Line 6: a cue can hold at most 500 characters' }]);
  });
});

describe('cue times in a file', () => {
  it('refuses a cue that ends before it starts, or as it starts', () => {
    const parsed = parseCaptions(
      srt(
        '1\n00:00:05,000 --> 00:00:04,000\nBackwards',
        '2\n00:00:06,000 --> 00:00:06,000\nNo time',
        '3\n00:00:07,000 --> 00:00:08,000\nFine',
      ),
    );
    expect(problemsOf(parsed)).toEqual([
      { line: 2, message: 'Line 2: the cue ends before it starts' },
      { line: 6, message: 'Line 6: the cue ends before it starts' },
    ]);
  });

  it('refuses a cue that starts before the previous one ends; touching cues are fine', () => {
    const parsed = parseCaptions(
      srt(
        '1\n00:00:01,000 --> 00:00:04,500\nFirst',
        '2\n00:00:04,000 --> 00:00:06,000\nOverlaps',
        '3\n00:00:06,000 --> 00:00:07,000\nTouches',
      ),
    );
    expect(problemsOf(parsed)).toEqual([
      { line: 6, message: 'Line 6: this cue starts before the previous one ends (at 0:04.500)' },
    ]);
  });

  it('refuses a cue running more than half a second past the video, when its length is known', () => {
    const file = srt('1\n00:00:10,000 --> 00:00:12,500\nJust in', '2\n00:00:12,500 --> 00:00:12,501\nPast');
    expect(problemsOf(parseCaptions(file, { duration: 12 }))).toEqual([
      { line: 6, message: 'Line 6: this cue runs past the end of the video (0:12.000)' },
    ]);
    expect(cuesOf(parseCaptions(file, { duration: null }))).toHaveLength(2);
    expect(cuesOf(parseCaptions(file))).toHaveLength(2);
    expect(cuesOf(parseCaptions(file, { duration: 12.001 }))).toHaveLength(2);
  });

  it('reports at most 20 problems', () => {
    const blocks = Array.from({ length: 30 }, (_, i) => `${i + 1}\nnot a time\nText`);
    const problems = problemsOf(parseCaptions(srt('1\n00:00:01,000 --> 00:00:02,000\nFine', ...blocks)));
    expect(problems).toHaveLength(20);
    expect(problems[0]).toEqual({ line: 6, message: 'Line 6: expected a time like 00:00:01,000 --> 00:00:02,000' });
    expect(problems[19]?.line).toBe(6 + 19 * 4);
  });
});

describe('how many cues', () => {
  const vttOf = (count: number) => {
    const parts = ['WEBVTT\n\n'];
    for (let i = 0; i < count; i++)
      parts.push(`${formatCueTime(i, 'vtt')} --> ${formatCueTime(i + 0.5, 'vtt')}\nc\n\n`);
    return parts.join('');
  };

  it('takes 5,000 cues', () => {
    expect(cuesOf(parseCaptions(vttOf(CAPTION_LIMITS.cues)))).toHaveLength(5_000);
  });

  it('refuses 5,001 at once', () => {
    expect(problemsOf(parseCaptions(vttOf(CAPTION_LIMITS.cues + 1)))).toEqual([
      { line: 0, message: 'A caption file can hold at most 5,000 cues' },
    ]);
  });

  it('refuses 100,000 cues quickly, as text or bytes', () => {
    const blocks: string[] = [];
    for (let i = 0; i < 100_000; i++)
      blocks.push(`${i + 1}\n${formatCueTime(i, 'srt')} --> ${formatCueTime(i + 0.5, 'srt')}\nLine ${i}`);
    const file = srt(...blocks);
    const bytes = new TextEncoder().encode(file);
    const began = performance.now();
    const asText = problemsOf(parseCaptions(file));
    const asBytes = problemsOf(parseCaptions(bytes));
    expect(performance.now() - began).toBeLessThan(500);
    expect(asText).toHaveLength(1);
    expect(asText[0]?.line).toBe(0);
    expect(asBytes).toEqual(asText);
  });

  it('refuses 70,000 small cues that fit under the size limit, quickly, for their number', () => {
    const blocks: string[] = ['WEBVTT'];
    for (let i = 0; i < 70_000; i++) blocks.push('00:01.000-->00:02.000\nc');
    const file = blocks.join('\n\n');
    expect(file.length).toBeLessThan(CAPTION_LIMITS.fileBytes);
    const began = performance.now();
    const problems = problemsOf(parseCaptions(file));
    expect(performance.now() - began).toBeLessThan(500);
    expect(problems).toEqual([{ line: 0, message: 'A caption file can hold at most 5,000 cues' }]);
  });
});

describe('caption QC', () => {
  const hd = { width: 1920, height: 1080 };
  const vertical = { width: 1080, height: 1920 };

  it('passes a clean cue', () => {
    expect(captionQc([cue(0, 2, 'Hello there'), cue(2, 4, 'A second\nline')], hd)).toEqual([]);
    expect(captionQc([cue(0, 2, 'Short enough')], vertical)).toEqual([]);
  });

  it('finds a cue read faster than 20 characters a second, newlines not counted', () => {
    const findings = captionQc(
      [cue(0, 2, 'ok'), cue(2, 3, 'abcdefghijklm\nnopqrstuvwxyza'), cue(3, 4, 'x'.repeat(20))],
      hd,
    );
    expect(findings).toEqual([{ n: 2, kind: 'too_fast', message: 'Cue 2: 27 characters a second (at most 20)' }]);
  });

  it('finds a cue of more than 2 lines', () => {
    expect(captionQc([cue(0, 10, 'one\ntwo\nthree'), cue(10, 20, 'one\ntwo')], hd)).toEqual([
      { n: 1, kind: 'too_many_lines', message: 'Cue 1: 3 lines (at most 2)' },
    ]);
  });

  it('finds a line wider than the safe area: the platforms at 9:16, title-safe elsewhere', () => {
    const thirty = 'x'.repeat(30);
    // At 9:16 a 7.5%-of-width font leaves 80% of 1080 px for 40.5 px glyphs: 21 characters.
    expect(captionQc([cue(0, 10, `short\n${thirty}`)], vertical)).toEqual([
      { n: 1, kind: 'past_safe_area', message: 'Cue 1: its longest line runs past the safe area at 9:16' },
    ]);
    expect(captionQc([cue(0, 10, 'x'.repeat(21))], vertical)).toEqual([]);
    // At 1920×1080, 80% of the width for 27 px glyphs: 56 characters.
    expect(captionQc([cue(0, 10, thirty)], hd)).toEqual([]);
    expect(captionQc([cue(0, 10, 'x'.repeat(56))], hd)).toEqual([]);
    expect(captionQc([cue(0, 10, 'x'.repeat(57))], hd)).toEqual([
      { n: 1, kind: 'past_safe_area', message: 'Cue 1: its longest line runs past the safe area at 1920×1080' },
    ]);
  });

  it('reports every kind a cue has, numbered from 1', () => {
    const findings = captionQc([cue(0, 1, 'fine'), cue(1, 2, `a\nb\n${'y'.repeat(60)}`)], hd);
    expect(findings.map((f) => [f.n, f.kind])).toEqual([
      [2, 'too_fast'],
      [2, 'too_many_lines'],
      [2, 'past_safe_area'],
    ]);
  });
});

describe('transcript search', () => {
  it('matches ignoring case and accents, across line breaks', () => {
    expect(cueMatches('Un Café à Paris', 'cafe a')).toBe(true);
    expect(cueMatches('un cafe a paris', 'CAFÉ À')).toBe(true);
    expect(cueMatches('Ça va, Zoë?', 'zoe')).toBe(true);
    expect(cueMatches('Good\nmorning', 'good morning')).toBe(true);
    expect(cueMatches('Naïve', '  naive  ')).toBe(true);
  });

  it('does not match other text, or a blank query', () => {
    expect(cueMatches('Un café', 'tea')).toBe(false);
    expect(cueMatches('Un café', '')).toBe(false);
    expect(cueMatches('Un café', '   ')).toBe(false);
  });
});
