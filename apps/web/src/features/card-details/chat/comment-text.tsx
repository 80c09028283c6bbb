import { Anchor, Badge, Text, UnstyledButton } from '@mantine/core';
import { formatClock } from '../format';
import { tokenizeComment } from './comment-tokens';
import classes from './chat.module.css';

interface CommentTextProps {
  note: string;
  /** Called with the second a @VT{…} tag points at; without it the timecode is plain text. */
  onJump?: (seconds: number) => void;
}

/**
 * A note as React nodes: links open in a new tab, timecodes jump the player, mentions stand out.
 * Notes are plain text, and nothing here turns text into markup.
 */
export function CommentText({ note, onJump }: CommentTextProps) {
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
                {formatClock(token.seconds)}
              </UnstyledButton>
            ) : (
              <span key={i} className={classes.timecode} data-testid="timecode" data-seconds={token.seconds}>
                {formatClock(token.seconds)}
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
