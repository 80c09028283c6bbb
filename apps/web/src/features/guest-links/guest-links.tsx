import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  CopyButton,
  Group,
  Loader,
  Modal,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconLink, IconLock } from '@tabler/icons-react';
import {
  GUEST_MSG,
  GUEST_LINK_DAY_OPTIONS,
  GUEST_LINK_DEFAULT_DAYS,
  GUEST_LINK_LABEL_MAX,
  GUEST_LINK_STATE_LABELS,
  GUEST_PASSWORD_MIN,
  GUEST_DOWNLOADS,
  GUEST_DOWNLOAD_LABELS,
  WATERMARK_TEXT,
  defaultWatermark,
  fill,
  type GuestDownload,
} from '@cutroom/domain';
import type { GuestLinkView } from '@cutroom/domain/schemas';
import { errorMessage } from '../../lib/api-client';
import { formatEst } from '../../lib/format-time';
import { useCreateGuestLink, useGuestLinks, useRevokeGuestLink } from './api/guest-links';

const DAY_OPTIONS = GUEST_LINK_DAY_OPTIONS.map((d) => ({ value: String(d), label: d === 1 ? '1 day' : `${d} days` }));
const DOWNLOAD_OPTIONS = GUEST_DOWNLOADS.map((d) => ({ value: d, label: GUEST_DOWNLOAD_LABELS[d] }));
const STATE_COLORS = { active: 'teal', expired: 'gray', revoked: 'red' } as const;

function LinkRow({ link, onRevoke, revoking }: { link: GuestLinkView; onRevoke: () => void; revoking: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" data-testid="guest-link" data-state={link.state}>
      <div style={{ minWidth: 0 }}>
        <Group gap={6} wrap="wrap">
          <Text fz="sm" fw={600} truncate>
            {link.label || 'Review link'}
          </Text>
          <Badge size="xs" variant="light" color={STATE_COLORS[link.state]}>
            {GUEST_LINK_STATE_LABELS[link.state]}
          </Badge>
          {link.has_password && <IconLock size={13} aria-label="Password" />}
          {link.approver && (
            <Badge size="xs" variant="light" color="grape" data-testid="guest-link-approver">
              Approver
            </Badge>
          )}
          {link.watermark && (
            <Badge size="xs" variant="light" color="orange" data-testid="guest-link-watermark">
              Watermarked
            </Badge>
          )}
          {link.download !== 'none' && (
            <Badge size="xs" variant="light" color="blue" data-testid="guest-link-download">
              Downloads: {GUEST_DOWNLOAD_LABELS[link.download].toLowerCase()}
            </Badge>
          )}
        </Group>
        <Text fz="xs" c="dimmed">
          By {link.created_by} · {link.state === 'active' ? 'until' : 'ended'}{' '}
          {formatEst(link.revoked_at ?? link.expires_at)} · {link.guest_comments}{' '}
          {link.guest_comments === 1 ? 'note' : 'notes'}
          {link.last_opened_at ? ` · last opened ${formatEst(link.last_opened_at)}` : ' · not opened yet'}
        </Text>
      </div>
      {link.state === 'active' && (
        <Button size="compact-xs" variant="subtle" color="red" onClick={onRevoke} loading={revoking}>
          Turn off
        </Button>
      )}
    </Group>
  );
}

function NewLink({ cardId }: { cardId: number }) {
  const create = useCreateGuestLink(cardId);
  const [days, setDays] = useState(String(GUEST_LINK_DEFAULT_DAYS));
  const [label, setLabel] = useState('');
  const [password, setPassword] = useState('');
  const [approver, setApprover] = useState(false);
  const [download, setDownload] = useState<GuestDownload>('none');
  // Follows the server's default (on for approvers and downloads) until the sender decides.
  const [watermarkChoice, setWatermark] = useState<boolean | null>(null);
  const watermark = watermarkChoice ?? defaultWatermark({ approver, download });
  const shortPassword = password.length > 0 && password.length < GUEST_PASSWORD_MIN;
  const made = create.data;

  if (made) {
    return (
      <Stack gap="xs" data-testid="guest-link-made">
        <Alert color="teal" variant="light" title="Link ready">
          {GUEST_MSG.created}
        </Alert>
        <Group gap="xs" wrap="nowrap">
          <TextInput
            value={made.url}
            readOnly
            aria-label="Review link"
            style={{ flex: 1 }}
            data-testid="guest-link-url"
          />
          <CopyButton value={made.url}>
            {({ copied, copy }) => (
              <Button
                onClick={copy}
                color={copied ? 'teal' : 'brand'}
                leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
              >
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Button variant="default" onClick={() => create.reset()}>
          Make another link
        </Button>
      </Stack>
    );
  }
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (shortPassword) return;
        create.mutate({
          expires_in_days: Number(days),
          ...(label.trim() ? { label: label.trim() } : {}),
          ...(password ? { password } : {}),
          approver,
          download,
          watermark,
        });
      }}
    >
      <Stack gap="xs">
        <Group grow align="flex-start">
          <TextInput
            label="Who is it for?"
            placeholder="e.g. Maria, marketing"
            maxLength={GUEST_LINK_LABEL_MAX}
            value={label}
            onChange={(e) => setLabel(e.currentTarget.value)}
          />
          <Select
            label="Works for"
            data={DAY_OPTIONS}
            value={days}
            onChange={(v) => v && setDays(v)}
            allowDeselect={false}
          />
        </Group>
        <PasswordInput
          label="Password (optional)"
          description="Send it apart from the link"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={shortPassword ? fill(GUEST_MSG.passwordTooShort, { min: String(GUEST_PASSWORD_MIN) }) : undefined}
        />
        <Checkbox
          label="They approve each version"
          description="Their decision counts in the approval round, beside the customer's"
          checked={approver}
          onChange={(e) => setApprover(e.currentTarget.checked)}
          data-testid="guest-link-approver-toggle"
        />
        <Select
          label="They may download"
          description="The original follows the customer's own download rule"
          data={DOWNLOAD_OPTIONS}
          value={download}
          onChange={(v) => v && setDownload(v)}
          allowDeselect={false}
          data-testid="guest-link-download-select"
        />
        <Checkbox
          label={WATERMARK_TEXT.option}
          description="Their name, this link's label and the date are burned into their own copy; they never get the clean file"
          checked={watermark}
          onChange={(e) => setWatermark(e.currentTarget.checked)}
          data-testid="guest-link-watermark-toggle"
        />
        {create.isError && (
          <Alert color="red" variant="light">
            {errorMessage(create.error)}
          </Alert>
        )}
        <Button type="submit" loading={create.isPending} leftSection={<IconLink size={14} />}>
          Create link
        </Button>
      </Stack>
    </form>
  );
}

/** Guest review links (issue 19): someone without an account reviews this card's videos and comments under their name. */
export function GuestLinks({ cardId }: { cardId: number }) {
  const [opened, setOpened] = useState(false);
  const links = useGuestLinks(cardId, opened);
  const revoke = useRevokeGuestLink(cardId);
  return (
    <>
      <Tooltip label="Share for review">
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label="Share for review"
          onClick={() => setOpened(true)}
          data-testid="guest-links-open"
        >
          <IconLink size={18} />
        </ActionIcon>
      </Tooltip>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Share for review" centered size="lg">
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            A guest link opens this card&apos;s videos and its revision comments, and lets its holder comment under
            their name, marked as a guest. It opens nothing else, and you can turn it off at any time.
          </Text>
          <NewLink cardId={cardId} />
          <Stack gap="xs">
            <Text fz="sm" fw={600}>
              Links of this card
            </Text>
            {links.isPending ? (
              <Loader size="sm" />
            ) : links.isError ? (
              <Alert color="red" variant="light">
                {errorMessage(links.error)}
              </Alert>
            ) : links.data.links.length === 0 ? (
              <Text fz="sm" c="dimmed">
                No links yet.
              </Text>
            ) : (
              links.data.links.map((link) => (
                <LinkRow
                  key={link.link_id}
                  link={link}
                  revoking={revoke.isPending && revoke.variables === link.link_id}
                  onRevoke={() => revoke.mutate(link.link_id)}
                />
              ))
            )}
          </Stack>
        </Stack>
      </Modal>
    </>
  );
}
