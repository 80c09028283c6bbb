import { useMemo, useState } from 'react';
import { Box, CloseButton, Group, Image, Paper, Stack } from '@mantine/core';
import { announcementDismissKey } from '@cutroom/domain';
import type { AnnouncementView } from '@cutroom/domain/schemas';
import { safeHtml } from '../../lib/safe-html';
import { useActiveAnnouncement } from './api';
import classes from './announcement-banner.module.css';

/** What the banner shows; the list's rows and the form's values both have these. */
export type BannerLook = Pick<
  AnnouncementView,
  | 'banner_heading'
  | 'banner_heading_style'
  | 'banner_text'
  | 'banner_text_style'
  | 'banner_heading_color'
  | 'banner_font_style'
  | 'banner_image'
  | 'banner_image_style_height'
  | 'banner_image_style_width'
>;

const FONT_STYLE = {
  none: {},
  b: { fontWeight: 700 },
  i: { fontStyle: 'italic' },
} as const;

/**
 * The banner as the home page and the form's preview show it. Heading and text are rich text: the
 * server keeps its allow-list's tags, and safeHtml rebuilds them from the same list here, so the
 * preview's unsaved text is as safe as the stored one; nothing in it is ever run.
 */
export function BannerView({ look, onDismiss }: { look: BannerLook; onDismiss?: () => void }) {
  const level = Number(look.banner_heading_style.slice(1));
  const heading = useMemo(() => safeHtml(look.banner_heading), [look.banner_heading]);
  const text = useMemo(() => safeHtml(look.banner_text), [look.banner_text]);
  return (
    <Paper
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      bg="brand.8"
      c="white"
      data-testid="announcement-banner"
      role="region"
      aria-label="Announcement"
      style={{ overflowWrap: 'anywhere' }}
    >
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
          {look.banner_image && (
            <Image
              src={look.banner_image}
              alt=""
              radius="md"
              w={look.banner_image_style_width ?? undefined}
              h={look.banner_image_style_height ?? undefined}
              maw="100%"
              fit="contain"
            />
          )}
          <Box
            role="heading"
            aria-level={level}
            className={classes.richText}
            style={{
              color: look.banner_heading_color,
              fontSize: `var(--mantine-h${level}-font-size)`,
              fontWeight: 700,
              lineHeight: 1.3,
            }}
            dangerouslySetInnerHTML={{ __html: heading }}
          />
          <Box
            className={classes.richText}
            style={{ fontSize: look.banner_text_style, ...FONT_STYLE[look.banner_font_style] }}
            dangerouslySetInnerHTML={{ __html: text }}
          />
        </Stack>
        {onDismiss && (
          <CloseButton
            aria-label="Dismiss announcement"
            variant="transparent"
            c="white"
            onClick={onDismiss}
            data-testid="dismiss-announcement"
          />
        )}
      </Group>
    </Paper>
  );
}

/** Dismissed banners stay hidden until the tab closes; an edited announcement shows again. */
const dismissKey = announcementDismissKey;

function isDismissed(key: string): boolean {
  try {
    return window.sessionStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

/** Today's announcement above the board, for every signed-in user; nothing while loading or on failure. */
export function AnnouncementBanner() {
  const active = useActiveAnnouncement();
  const [hidden, setHidden] = useState<string | null>(null);
  const announcement = active.data?.announcement;
  if (!announcement) return null;
  const key = dismissKey(announcement);
  if (hidden === key || isDismissed(key)) return null;

  const dismiss = () => {
    try {
      window.sessionStorage.setItem(key, '1');
    } catch {
      // Without storage the banner still goes away for this page view.
    }
    setHidden(key);
  };
  return (
    <Box mb="lg">
      <BannerView look={announcement} onDismiss={dismiss} />
    </Box>
  );
}
