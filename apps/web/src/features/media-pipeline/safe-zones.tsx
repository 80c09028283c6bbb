import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconCheck, IconDeviceMobile } from '@tabler/icons-react';
import { SAFE_ZONES, gridSideCrop, type SafeZoneKey } from '@cutroom/domain';
import classes from './video.module.css';

const pct = (v: number) => `${(v * 100).toFixed(2)}%`;
const box = (x: number, y: number, w: number, h: number) => ({
  left: pct(x),
  top: pct(y),
  width: pct(w),
  height: pct(h),
});

/** A platform's safe zone over the frame (issue 19): covered edges dimmed, captions and buttons outlined. */
export function SafeZoneOverlay({ zone, ratio }: { zone: SafeZoneKey; ratio: number }) {
  if (zone === 'instagram_grid') {
    const side = gridSideCrop(ratio);
    return (
      <div className={classes.zones} data-testid="safe-zone" data-zone={zone} aria-hidden>
        <div className={classes.covered} style={box(0, 0, side, 1)} data-testid="safe-zone-covered" />
        <div className={classes.covered} style={box(1 - side, 0, side, 1)} data-testid="safe-zone-covered" />
        <div className={classes.safeArea} style={box(side, 0, 1 - 2 * side, 1)}>
          <span className={classes.zoneLabel}>Grid tile (3:4)</span>
        </div>
      </div>
    );
  }
  const { margins, areas } = SAFE_ZONES[zone];
  const { top, right, bottom, left } = margins;
  const middle = 1 - top - bottom;
  return (
    <div className={classes.zones} data-testid="safe-zone" data-zone={zone} aria-hidden>
      <div className={classes.covered} style={box(0, 0, 1, top)} data-testid="safe-zone-covered" />
      <div className={classes.covered} style={box(0, 1 - bottom, 1, bottom)} data-testid="safe-zone-covered" />
      <div className={classes.covered} style={box(0, top, left, middle)} data-testid="safe-zone-covered" />
      <div className={classes.covered} style={box(1 - right, top, right, middle)} data-testid="safe-zone-covered" />
      <div className={classes.safeArea} style={box(left, top, 1 - left - right, middle)} />
      {areas.map((area) => (
        <div key={area.label} className={classes.zoneArea} style={box(area.x, area.y, area.w, area.h)}>
          <span className={classes.zoneLabel}>{area.label}</span>
        </div>
      ))}
    </div>
  );
}

/** The player's switch between overlays (only those drawn for this video's shape). */
export function SafeZoneMenu({
  options,
  value,
  onChange,
  withinPortal,
}: {
  options: SafeZoneKey[];
  value: SafeZoneKey | null;
  onChange: (zone: SafeZoneKey | null) => void;
  withinPortal: boolean;
}) {
  return (
    <Menu position="top-end" withinPortal={withinPortal}>
      <Menu.Target>
        <Tooltip label="Safe zones: what the platform covers">
          <ActionIcon
            variant={value ? 'filled' : 'subtle'}
            color={value ? 'brand' : 'gray.0'}
            aria-label="Safe zones"
            data-testid="safe-zone-menu"
          >
            <IconDeviceMobile size={18} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Show what the platform covers</Menu.Label>
        {options.map((key) => (
          <Menu.Item
            key={key}
            onClick={() => onChange(value === key ? null : key)}
            leftSection={<IconCheck size={14} opacity={value === key ? 1 : 0} />}
          >
            {SAFE_ZONES[key].label}
          </Menu.Item>
        ))}
        <Menu.Item
          onClick={() => onChange(null)}
          leftSection={<IconCheck size={14} opacity={value === null ? 1 : 0} />}
        >
          No overlay
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
