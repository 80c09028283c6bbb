// The ffmpeg arguments of delivery QC's test cuts (issue 51), for the API tests and the journey alike.

const SIZE = 's=640x360:r=25';

/**
 * A faulty cut, 10 s at 640×360: moving picture with black 2–3 s and a still frame 5–6.5 s; a 1 kHz tone
 * `gainDb` louder than ffmpeg's (about −21.8 LUFS), silent 7–8.5 s. Its file name picks the container (.mkv).
 */
export function faultyCutArgs(gainDb: number): string[] {
  const tone = (d: number) => `sine=f=1000:d=${d},volume=${gainDb}dB`;
  return [
    ...['-f', 'lavfi', '-i', `testsrc2=${SIZE}:d=2`],
    ...['-f', 'lavfi', '-i', `color=c=black:${SIZE}:d=1`],
    ...['-f', 'lavfi', '-i', `testsrc2=${SIZE}:d=2`],
    ...['-f', 'lavfi', '-i', `smptebars=${SIZE}:d=1.5`],
    ...['-f', 'lavfi', '-i', `testsrc2=${SIZE}:d=3.5`],
    ...['-f', 'lavfi', '-i', tone(7)],
    ...['-f', 'lavfi', '-i', 'anullsrc=r=44100:cl=mono,atrim=duration=1.5'],
    ...['-f', 'lavfi', '-i', tone(1.5)],
    '-filter_complex',
    '[0:v][1:v][2:v][3:v][4:v]concat=n=5:v=1:a=0[v];[5:a][6:a][7:a]concat=n=3:v=0:a=1[a]',
    ...['-map', '[v]', '-map', '[a]', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'pcm_s16le'],
  ];
}

/** A clean 10 s cut at 640×360 with a tone at about −14 LUFS throughout. */
export const cleanCutArgs = (): string[] => [
  ...['-f', 'lavfi', '-i', `testsrc2=${SIZE}:d=10`],
  ...['-f', 'lavfi', '-i', 'sine=f=1000:d=10,volume=7.8dB'],
  ...['-map', '0:v', '-map', '1:a', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'pcm_s16le'],
];
