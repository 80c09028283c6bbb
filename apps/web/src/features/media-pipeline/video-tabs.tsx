import { Tabs } from '@mantine/core';
import type { ResolvedSelection } from './video-versions';

/** 'Video 1', 'Video 2', … when a delivery holds several videos. */
export function VideoTabs({
  videos,
  number,
  onChange,
}: Pick<ResolvedSelection, 'videos' | 'number'> & { onChange: (number: number) => void }) {
  return (
    <Tabs value={String(number)} onChange={(value) => value && onChange(Number(value))} variant="pills" radius="xl">
      <Tabs.List>
        {videos.map((v, i) => (
          <Tabs.Tab key={v.video_id} value={String(i + 1)} size="xs">
            Video {i + 1}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
