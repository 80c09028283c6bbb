import { useState } from 'react';
import { DataList, Group, Stack } from '@mantine/core';
import { MSG, splitLinks } from '@cutroom/domain';
import type { CardDetailReply } from '@cutroom/domain/schemas';
import { useChangeLink, type LinkField } from '../../lib/card/card-edits';
import { EditButton, Empty, Link, isUrl } from '../../components/link-parts';
import listClasses from '../../components/details.module.css';
import { EditValueDialog } from '../../components/edit-value-dialog';

type YtLinkField = Extract<LinkField, 'unlisted_video_link' | 'thumbnails_link' | 'yt_snippet_link'>;

const ROWS: { field: YtLinkField; label: string }[] = [
  { field: 'unlisted_video_link', label: 'Unlisted video' },
  { field: 'thumbnails_link', label: 'Thumbnails' },
  { field: 'yt_snippet_link', label: 'Snippet' },
];

/** The helper's links (spec 001 §2), each editable by the roles of spec 001 §6 (cardPolicy.editYtLinks). */
export function YtLinks({ card, editable }: { card: CardDetailReply; editable: boolean }) {
  const [editing, setEditing] = useState<{ field: YtLinkField; label: string; initial: string } | null>(null);
  const changeLink = useChangeLink(card.card_id);
  return (
    <>
      <DataList labelWidth={130} withDivider classNames={listClasses} data-testid="yt-links">
        {ROWS.map(({ field, label }) => {
          // thumbnails_link holds one or two links joined by '|'.
          const links = field === 'thumbnails_link' ? splitLinks(card[field]) : card[field] ? [card[field]] : [];
          return (
            <DataList.Item key={field}>
              <DataList.ItemLabel>{label}</DataList.ItemLabel>
              <DataList.ItemValue>
                <Group gap={6} wrap="nowrap" align="flex-start">
                  {links.length ? (
                    <Stack gap={2} miw={0}>
                      {links.map((href) => (
                        <Link key={href} href={href} />
                      ))}
                    </Stack>
                  ) : (
                    <Empty />
                  )}
                  {editable && (
                    <EditButton
                      label={`Edit ${label.toLowerCase()} link`}
                      onClick={() => setEditing({ field, label, initial: links[0] ?? '' })}
                    />
                  )}
                </Group>
              </DataList.ItemValue>
            </DataList.Item>
          );
        })}
      </DataList>
      {editing && (
        <EditValueDialog
          opened
          title={`${editing.label} link`}
          label={editing.label}
          initial={editing.initial}
          placeholder="https://"
          validate={(v) => (isUrl(v) ? null : MSG.linkInvalid)}
          pending={changeLink.isPending}
          onSave={(link) => changeLink.mutateAsync({ field: editing.field, link })}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
