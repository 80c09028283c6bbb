import { useState } from 'react';
import { Anchor, Text, Typography } from '@mantine/core';
import { ADDITIONAL_INFO_CUT } from '@cutroom/domain';
import { plainTextOf } from '../lib/format';

/**
 * Instructions as the request form wrote them. The server keeps only the editor's tags (no scripts,
 * handlers or styles); the markup goes into a plain container and nothing in it is ever run.
 */
export function RichText({ html }: { html: string }) {
  return (
    <Typography fz="sm" className="card-rich-text" style={{ overflowWrap: 'anywhere' }}>
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}

/** Additional info over 100 characters starts cut, with 'Read More' (spec 001 §2). */
export function ReadMore({ html, limit = ADDITIONAL_INFO_CUT }: { html: string; limit?: number }) {
  const [open, setOpen] = useState(false);
  const plain = plainTextOf(html);
  if (plain.length <= limit) return <RichText html={html} />;
  return (
    <div data-testid="read-more">
      {open ? <RichText html={html} /> : <Text fz="sm">{`${plain.slice(0, limit).trimEnd()}…`}</Text>}
      <Anchor component="button" type="button" fz="sm" fw={600} onClick={() => setOpen((o) => !o)}>
        {open ? 'Read Less' : 'Read More'}
      </Anchor>
    </div>
  );
}
