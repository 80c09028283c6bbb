import { useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import {
  Alert,
  Badge,
  Button,
  Center,
  Container,
  Group,
  Loader,
  Paper,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconMovieOff, IconShieldCheck } from '@tabler/icons-react';
import { GUEST_MSG, GUEST_NAME_MAX, MSG } from '@cutroom/domain';
import type { GuestReviewReply } from '@cutroom/domain/schemas';
import { errorMessage, isApiError } from '../../lib/api-client';
import { formatEst } from '../../lib/format-time';
import { GUEST_LINK_KEY, useGuestReview, useLeaveGuestVisit, useOpenGuestLink } from './api/guest-visit';
import { GuestReview } from './guest-review';

/** Where the guest's name is remembered on this device, so a second visit starts filled in. */
const NAME_KEY = 'cutroom_guest_name';

function OpenForm({ token }: { token: string }) {
  const open = useOpenGuestLink();
  const [name, setName] = useState(() => localStorage.getItem(NAME_KEY) ?? '');
  const [password, setPassword] = useState('');
  // The server never says whether a link has a password; after a refusal the field is offered.
  const refused = open.isError && isApiError(open.error) && open.error.status === 404;
  const [askPassword, setAskPassword] = useState(false);
  const showPassword = askPassword || refused;
  return (
    <Container size={420} py="xl">
      <Paper withBorder radius="md" p="lg">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            const trimmed = name.trim();
            if (!trimmed) return;
            localStorage.setItem(NAME_KEY, trimmed);
            open.mutate({ token, name: trimmed, ...(password ? { password } : {}) });
          }}
        >
          <Stack gap="sm">
            <Title order={1} fz="h3">
              Review a video
            </Title>
            <Text fz="sm" c="dimmed">
              You were invited to watch a video and leave notes on it. Your notes are signed with your name and marked
              as a guest&apos;s.
            </Text>
            <TextInput
              label="Your name"
              required
              autoFocus
              maxLength={GUEST_NAME_MAX}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={
                open.isError && isApiError(open.error) && open.error.field === 'name' ? open.error.message : undefined
              }
            />
            {showPassword ? (
              <PasswordInput
                label="Password"
                description="If the link came with a password"
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
              />
            ) : (
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => setAskPassword(true)}
                style={{ alignSelf: 'flex-start' }}
              >
                The link came with a password
              </Button>
            )}
            {open.isError && (
              <Alert color="red" variant="light" icon={<IconAlertTriangle />} data-testid="guest-open-error">
                {errorMessage(open.error)}
              </Alert>
            )}
            <Button type="submit" loading={open.isPending} disabled={!name.trim()}>
              Open the review
            </Button>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}

function ReviewPage({ data }: { data: GuestReviewReply }) {
  const leave = useLeaveGuestVisit();
  const [versionKey, setVersionKey] = useState(
    () => data.versions[0] && `${data.versions[0].kind}:${data.versions[0].key}`,
  );
  const version = data.versions.find((v) => `${v.kind}:${v.key}` === versionKey) ?? data.versions[0];
  const top = useRef<HTMLDivElement>(null);
  const versionOptions = useMemo(
    () => data.versions.map((v) => ({ value: `${v.kind}:${v.key}`, label: v.label })),
    [data.versions],
  );
  return (
    <Container size="xl" py="md" ref={top}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Title order={1} fz="h3">
                {data.card.card_title}
              </Title>
              <Badge variant="light">{data.card.status_label}</Badge>
            </Group>
            <Text fz="sm" c="dimmed">
              Reviewing as {data.guest_name} (guest) · this visit ends {formatEst(data.expires_at)}
            </Text>
          </div>
          <Group gap="xs">
            {versionOptions.length > 1 && (
              <Select
                size="xs"
                w={170}
                aria-label="Version"
                data={versionOptions}
                value={versionKey ?? null}
                onChange={(v) => v && setVersionKey(v)}
                allowDeselect={false}
              />
            )}
            <Button size="xs" variant="default" onClick={() => leave.mutate()} loading={leave.isPending}>
              Leave
            </Button>
          </Group>
        </Group>
        {!data.comments_open ? (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconShieldCheck />}
            title="In quality check"
            data-testid="guest-closed"
          >
            {GUEST_MSG.commentsClosed}
          </Alert>
        ) : !version ? (
          <Alert color="gray" variant="light" icon={<IconMovieOff />} title="No video yet">
            {MSG.noVideoYet}
          </Alert>
        ) : null}
        <GuestReview key={versionKey} data={data} version={version ?? null} />
      </Stack>
    </Container>
  );
}

/** /review/:token — a guest review link: the name (and password) form, then the card's review. */
export function GuestReviewPage() {
  const { token = '' } = useParams();
  const review = useGuestReview();
  const sameLink = sessionStorage.getItem(GUEST_LINK_KEY) === token;
  if (review.isPending) {
    return (
      <Center mih="60vh">
        <Loader />
      </Center>
    );
  }
  if (review.isError) {
    if (isApiError(review.error) && review.error.status === 401) return <OpenForm key={token} token={token} />;
    return (
      <Container size={420} py="xl">
        <Alert color="red" variant="light" icon={<IconAlertTriangle />}>
          {errorMessage(review.error)}
        </Alert>
      </Container>
    );
  }
  if (!sameLink) return <OpenForm key={token} token={token} />;
  return <ReviewPage data={review.data} />;
}
