import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { ActionIcon, Alert, Group, Select, Slider, Stack, Text } from '@mantine/core';
import { IconPlayerPauseFilled, IconPlayerPlayFilled } from '@tabler/icons-react';
import { Segmented } from '../../components/segmented';
import { formatClock, playerClock } from '../../lib/format';
import { hasMetadata } from './media-ready';
import { videoSource } from './preview-source';
import { versionLabel, type VersionMap } from './video-versions';
import classes from './video.module.css';

export interface CompareHandle {
  /** Both versions to this moment, paused. */
  seek: (seconds: number) => void;
}

interface VersionCompareProps {
  ref?: Ref<CompareHandle>;
  map: VersionMap;
  keys: string[];
  /** Which video of each version (cards with several videos per delivery). */
  number: number;
  /** Notes made on each version, to say which notes belong where. */
  notesPerVersion: Record<string, number>;
}

/** Two players under one clock: the left one leads; the right one is pulled back when it drifts. */
const DRIFT = 0.15;

/** Version compare (issue 19): two deliveries side by side or as a wipe, locked to the same moment. */
export function VersionCompare({ ref, map, keys, number, notesPerVersion }: VersionCompareProps) {
  const [left, setLeft] = useState(keys.at(-2) ?? keys[0]!);
  const [right, setRight] = useState(keys.at(-1)!);
  const [mode, setMode] = useState<'side' | 'wipe'>('side');
  const [wipe, setWipe] = useState(50);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [playing, setPlaying] = useState(false);
  const timeRef = useRef(0);
  timeRef.current = time;
  const a = useRef<HTMLVideoElement>(null);
  const b = useRef<HTMLVideoElement>(null);

  const srcOf = (key: string) => {
    const video = map[key]?.[number - 1];
    const source = video ? videoSource(video, window.location.origin, window.innerWidth) : null;
    return source?.kind === 'video' ? source.src : null;
  };
  const leftSrc = srcOf(left);
  const rightSrc = srcOf(right);

  const seek = (seconds: number) => {
    for (const v of [a.current, b.current]) {
      if (!v) continue;
      v.pause();
      v.currentTime = Math.max(0, Math.min(seconds, Number.isFinite(v.duration) ? v.duration : seconds));
    }
    setTime(seconds);
  };
  useImperativeHandle(ref, () => ({ seek }));

  const metadataLoaded = (which: 'left' | 'right', video: HTMLVideoElement) => {
    // A video put in place by a change of mode or version starts where the other one is.
    video.currentTime = timeRef.current;
    if (which === 'left') setDuration(video.duration);
  };
  const metadataLoadedRef = useRef(metadataLoaded);
  useEffect(() => {
    metadataLoadedRef.current = metadataLoaded;
  });
  // The events of a cached file can come before React has mounted the element (see hasMetadata).
  useEffect(() => {
    if (hasMetadata(a.current)) metadataLoadedRef.current('left', a.current);
  }, [leftSrc, mode]);
  useEffect(() => {
    if (hasMetadata(b.current)) metadataLoadedRef.current('right', b.current);
  }, [rightSrc, mode]);

  const toggle = () => {
    const lead = a.current;
    const follow = b.current;
    if (!lead || !follow) return;
    if (lead.paused) {
      follow.currentTime = lead.currentTime;
      void lead.play();
      void follow.play();
    } else {
      lead.pause();
      follow.pause();
    }
  };

  const options = keys.map((k) => ({
    value: k,
    label: `${versionLabel(k)} · ${notesPerVersion[k] ?? 0} notes`,
  }));
  if (!leftSrc || !rightSrc) {
    return (
      <Alert color="orange" variant="light" data-testid="compare-unavailable">
        Only versions delivered as files the player can open can be compared.
      </Alert>
    );
  }

  const video = (which: 'left' | 'right') => (
    <video
      ref={which === 'left' ? a : b}
      src={which === 'left' ? leftSrc : rightSrc}
      className={classes.compareVideo}
      preload="metadata"
      playsInline
      muted={which === 'right'}
      data-testid={`compare-${which}`}
      style={mode === 'wipe' && which === 'right' ? { clipPath: `inset(0 0 0 ${wipe}%)` } : undefined}
      onLoadedMetadata={(e) => metadataLoaded(which, e.currentTarget)}
      onTimeUpdate={(e) => {
        if (which !== 'left') return;
        const lead = e.currentTarget;
        setTime(lead.currentTime);
        if (b.current && Math.abs(b.current.currentTime - lead.currentTime) > DRIFT)
          b.current.currentTime = lead.currentTime;
      }}
      onPlay={() => which === 'left' && setPlaying(true)}
      onPause={() => which === 'left' && setPlaying(false)}
      onEnded={() => which === 'left' && setPlaying(false)}
    />
  );
  const picker = (label: string, value: string, onPick: (key: string) => void) => (
    <Select
      size="xs"
      w={170}
      aria-label={label}
      data={options}
      value={value}
      onChange={(v) => v && onPick(v)}
      allowDeselect={false}
    />
  );

  return (
    <Stack gap="xs" data-testid="version-compare" data-mode={mode}>
      <Group gap="sm" wrap="wrap" justify="space-between">
        <Group gap="xs" wrap="wrap">
          {picker('Left version', left, setLeft)}
          <Text fz="xs" c="dimmed">
            against
          </Text>
          {picker('Right version', right, setRight)}
        </Group>
        <Segmented
          size="xs"
          value={mode}
          onChange={setMode}
          aria-label="Compare mode"
          data={[
            { value: 'side', label: 'Side by side' },
            { value: 'wipe', label: 'Wipe' },
          ]}
          data-testid="compare-mode"
        />
      </Group>
      {mode === 'side' ? (
        <div className={classes.compareSide}>
          <figure className={classes.compareFigure}>
            {video('left')}
            <figcaption>{versionLabel(left)}</figcaption>
          </figure>
          <figure className={classes.compareFigure}>
            {video('right')}
            <figcaption>{versionLabel(right)}</figcaption>
          </figure>
        </div>
      ) : (
        <div className={classes.compareWipe}>
          {video('left')}
          {video('right')}
          <div className={classes.wipeLine} style={{ left: `${wipe}%` }} />
          <span className={classes.wipeTag} style={{ left: 8 }}>
            {versionLabel(left)}
          </span>
          <span className={classes.wipeTag} style={{ right: 8 }}>
            {versionLabel(right)}
          </span>
        </div>
      )}
      {mode === 'wipe' && (
        <Slider value={wipe} onChange={setWipe} min={0} max={100} label={null} aria-label="Wipe position" size="xs" />
      )}
      <Group gap="sm" wrap="nowrap">
        <ActionIcon
          variant="filled"
          onClick={toggle}
          aria-label={playing ? 'Pause both' : 'Play both'}
          data-testid="compare-play"
        >
          {playing ? <IconPlayerPauseFilled size={16} /> : <IconPlayerPlayFilled size={16} />}
        </ActionIcon>
        <Slider
          style={{ flex: 1 }}
          value={Math.min(time, duration || 0)}
          max={duration || 1}
          step={0.04}
          label={formatClock}
          onChange={seek}
          aria-label="Position in both versions"
        />
        <Text fz="xs" c="dimmed" miw={90} ta="right" data-testid="compare-time">
          {playerClock(time, duration)}
        </Text>
      </Group>
    </Stack>
  );
}
