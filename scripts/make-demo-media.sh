#!/usr/bin/env bash
# Re-makes the demo workspace's clips in apps/server/demo-media/ (committed; the seed stores them at first start).
# Needs ffmpeg with libx264, AAC, drawtext and the DejaVu fonts (Debian: apt-get install ffmpeg fonts-dejavu-core).
# H.264 + AAC in MP4 with +faststart: Debian's Chromium plays it, and the player can start before the whole file arrives.
set -euo pipefail

out="$(cd "$(dirname "$0")/.." && pwd)/apps/server/demo-media"
font=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
mono=/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf
mkdir -p "$out"

# A voice-over stand-in: a low tone that swells and fades like phrases of speech.
voice() { echo "sine=frequency=$1:sample_rate=44100:duration=$2,volume='0.15+0.35*abs(sin(2*PI*t/1.7))':eval=frame"; }

# Timecode burnt in, so a comment's @VT{seconds} can be checked against the frame by eye.
clock() { echo "drawtext=fontfile=$mono:text='%{pts\\:hms}':x=(w-tw)/2:y=h-th-$1:fontsize=$2:fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=6"; }

encode() {
  local name=$1 seconds=$2 size=$3 video=$4 tone=$5
  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -i "testsrc2=size=$size:rate=24:duration=$seconds" \
    -f lavfi -i "$(voice "$tone" "$seconds")" \
    -filter_complex "[0:v]$video[v]" -map '[v]' -map 1:a \
    -c:v libx264 -profile:v main -preset veryslow -crf 34 -maxrate 220k -bufsize 440k -pix_fmt yuv420p -g 48 \
    -c:a aac -b:a 40k -ac 1 -movflags +faststart -metadata title="Cutroom demo: $name" \
    "$out/$name.mp4"
}

# The 16:9 edit as first delivered: the lower third sits low and small (the seeded comments ask for it higher).
encode review-16x9-v1 24 640x360 "\
drawbox=x=0:y=0:w=iw:h=44:color=0x1c2430@0.85:t=fill,\
drawtext=fontfile=$font:text='CUTROOM DEMO · 16\\:9 edit':x=16:y=12:fontsize=20:fontcolor=white,\
drawtext=fontfile=$font:text='v1':x=w-tw-16:y=10:fontsize=24:fontcolor=0xffb020,\
drawbox=x=0:y=ih-110:w=iw:h=34:color=0x0b5fff@0.8:t=fill:enable='between(t,6,20)',\
drawtext=fontfile=$font:text='Lower third  ·  speaker name':x=18:y=h-103:fontsize=16:fontcolor=white:enable='between(t,6,20)',\
$(clock 12 30)" 180

# The revision: warmer grade, the lower third bigger and higher, as asked; its label says v2.
encode review-16x9-v2 24 640x360 "\
hue=h=35:s=1.15,\
drawbox=x=0:y=0:w=iw:h=44:color=0x3a1f10@0.85:t=fill,\
drawtext=fontfile=$font:text='CUTROOM DEMO · 16\\:9 edit':x=16:y=12:fontsize=20:fontcolor=white,\
drawtext=fontfile=$font:text='v2':x=w-tw-16:y=10:fontsize=24:fontcolor=0x7CFC00,\
drawbox=x=0:y=64:w=iw*0.62:h=48:color=0xff6600@0.9:t=fill:enable='between(t,6,20)',\
drawtext=fontfile=$font:text='Lower third · speaker name':x=18:y=76:fontsize=24:fontcolor=white:enable='between(t,6,20)',\
$(clock 12 30)" 180

# The repurposed vertical cut for Shorts and Reels.
encode repurpose-9x16 15 360x640 "\
drawbox=x=0:y=0:w=iw:h=70:color=0x1c2430@0.85:t=fill,\
drawtext=fontfile=$font:text='CUTROOM DEMO':x=(w-tw)/2:y=12:fontsize=24:fontcolor=white,\
drawtext=fontfile=$font:text='9\\:16 · repurposed':x=(w-tw)/2:y=44:fontsize=16:fontcolor=0xffb020,\
drawtext=fontfile=$font:text='Ship small, ship often':x=(w-tw)/2:y=h*0.62:fontsize=22:fontcolor=white:box=1:boxcolor=0x0b5fff@0.85:boxborderw=10:enable='gte(t,2)',\
$(clock 24 28)" 200

ls -l "$out"/*.mp4
du -ch "$out"/*.mp4 | tail -1
