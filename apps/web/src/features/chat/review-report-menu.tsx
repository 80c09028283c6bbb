import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { API, pathOf } from '@cutroom/domain/contract';
import { versionLabel, versionNumber, type TimecodeMode } from '@cutroom/domain';
import { useReviewControls } from '../../lib/review-context';
import { useClockMode } from '../../lib/timecode-mode';

/** The report's address: the browser downloads it with the session cookie. */
export function reviewReportHref(
  cardId: number,
  chat: 'customer' | 'team',
  timecode: TimecodeMode,
  version: string | null,
): string {
  const search = new URLSearchParams({ chat, timecode });
  if (version) search.set('version', String(versionNumber(version)));
  return `${pathOf(API.chat.report.path, { id: cardId })}?${search.toString()}`;
}

/** The PDF review report (issue 35): the chat's notes with their frames, of the version on screen or of every one. */
export function ReviewReportMenu({ cardId, chat }: { cardId: number; chat: 'customer' | 'team' }) {
  const { version } = useReviewControls();
  const [mode] = useClockMode();
  // The report reads times as the player does; the plain clock reads as timecode there, which has frames.
  const timecode: TimecodeMode = mode === 'clock' ? 'smpte' : mode;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Tooltip label="Download a PDF review report">
          <ActionIcon variant="subtle" color="gray" aria-label="Download a PDF review report" data-testid="report-open">
            <IconFileTypePdf size={18} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Review report (PDF)</Menu.Label>
        {version && (
          <Menu.Item component="a" href={reviewReportHref(cardId, chat, timecode, version)} download>
            Notes on {versionLabel(version)}
          </Menu.Item>
        )}
        <Menu.Item component="a" href={reviewReportHref(cardId, chat, timecode, null)} download>
          Notes on every version
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
