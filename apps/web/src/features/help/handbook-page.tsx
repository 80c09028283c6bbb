import { useMemo, useState } from 'react';
import { Button, Group, Paper, Typography } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { NAV_ITEMS } from '@cutroom/domain';
import { ErrorState } from '../../components/error-state';
import { SectionLoader } from '../../components/loaders';
import { PageHeader } from '../../components/page-header';
import { RichTextField } from '../../components/rich-text-field';
import { errorMessage } from '../../lib/api-client';
import { safeHtml } from '../../lib/safe-html';
import { useCurrentUser } from '../../lib/session';
import { useHandbook, useUpdateHandbook } from './api';

function HandbookEditor({ body, onClose }: { body: string; onClose: () => void }) {
  const [draft, setDraft] = useState(body);
  const save = useUpdateHandbook();
  return (
    <Paper withBorder radius="lg" p="lg">
      <RichTextField label="Handbook" value={draft} onChange={setDraft} minHeight={360} headings />
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button loading={save.isPending} onClick={() => save.mutate(draft, { onSuccess: onClose })}>
          Save
        </Button>
      </Group>
    </Paper>
  );
}

/** /client-handbook: how to work with the agency, one document the admin keeps up to date. */
export function HandbookPage() {
  const user = useCurrentUser();
  const handbook = useHandbook();
  const [editing, setEditing] = useState(false);
  const html = useMemo(() => safeHtml(handbook.data?.body ?? ''), [handbook.data?.body]);
  const canEdit = user.client_type === 'admin' && handbook.data && !editing;

  return (
    <>
      <PageHeader
        title={NAV_ITEMS.handbook.label}
        actions={
          canEdit && (
            <Button variant="light" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
              Edit handbook
            </Button>
          )
        }
      />
      {handbook.isPending && <SectionLoader mih={320} />}
      {handbook.isError && (
        <ErrorState
          message={errorMessage(handbook.error)}
          onRetry={() => void handbook.refetch()}
          retrying={handbook.isFetching}
        />
      )}
      {handbook.data &&
        (editing ? (
          <HandbookEditor body={handbook.data.body} onClose={() => setEditing(false)} />
        ) : (
          <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} maw={860}>
            <Typography>
              {/* safeHtml rebuilds the stored HTML from the rich-text allow-list; nothing in it runs. */}
              <div data-testid="handbook-body" dangerouslySetInnerHTML={{ __html: html }} />
            </Typography>
          </Paper>
        ))}
    </>
  );
}
