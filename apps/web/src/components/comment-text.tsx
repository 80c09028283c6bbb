import { Anchor, Badge, Text, UnstyledButton } from '@mantine/core';
import { parseRate } from '@cutroom/domain';
import { formatClock } from '../lib/format';
import { useReviewControls } from '../lib/review-context';
import { momentText, useClockMode } from '../lib/timecode-mode';
import { tokenizeComment } from '../lib/comment-tokens';
import classes from './chat.module.css';

interface CommentTextProps {
  note: string;
  /** Called with the second a @VT{…} tag points at; without it the timecode is plain text. */
  onJump?: (seconds: number) => void;
  /**
   * The note's exact moment and range end (issue 35): its tag of that second reads as the reviewer chose, at the
   * frame rate of the video it was made on when that is known (`rate`), else the video on screen's.
   */
  moment?: { timeIn: number | null; timeOut: number | null; rate?: string | null };
}

/**
 * A note as React nodes: links open in a new tab, timecodes jump the player, mentions stand out.
 * Notes are plain text, and nothing here turns text into markup.
 */
export function CommentText({ note, onJump, moment }: CommentTextProps) {
  const [mode] = useClockMode();
  const shownRate = useReviewControls().frameRate;
  const rate = parseRate(moment?.rate ?? shownRate);
  /** A tag's label: the plain clock, or the exact moment (and range) in the chosen format when the tag names it. */
  const label = (seconds: number) => {
    const timeIn = moment?.timeIn ?? null;
    if (mode === 'clock' || timeIn === null || Math.floor(timeIn) !== Math.floor(seconds)) return formatClock(seconds);
    const out = moment?.timeOut ?? null;
    return `${momentText(timeIn, mode, rate)}${out !== null ? ` – ${momentText(out, mode, rate)}` : ''}`;
  };
  return (
    <Text component="div" fz="sm" className={classes.text} data-testid="comment-text">
      {tokenizeComment(note).map((token, i) => {
        switch (token.type) {
          case 'link':
            return (
              <Anchor
                key={i}
                href={token.href}
                target="_blank"
                rel="noopener noreferrer"
                className={classes.link}
                inherit
              >
                {token.text}
              </Anchor>
            );
          case 'time':
            return onJump ? (
              <UnstyledButton
                key={i}
                className={classes.timecode}
                onClick={() => onJump(token.seconds)}
                aria-label={`Jump to ${formatClock(token.seconds)}`}
                data-testid="timecode"
                data-seconds={token.seconds}
              >
                {label(token.seconds)}
              </UnstyledButton>
            ) : (
              <span key={i} className={classes.timecode} data-testid="timecode" data-seconds={token.seconds}>
                {label(token.seconds)}
              </span>
            );
          case 'mention':
            return (
              <mark key={i} className={classes.mention} data-testid="mention">
                {token.text}
              </mark>
            );
          case 'yt-customer':
            return (
              <Badge key={i} size="xs" variant="light" color="teal" mr={4} data-testid="yt-customer-comment">
                Customer comment
              </Badge>
            );
          default:
            return <span key={i}>{token.text}</span>;
        }
      })}
    </Text>
  );
}
