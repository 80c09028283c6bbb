import { useEffect, useState } from 'react';
import { Alert, Anchor, Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  IconArrowDownRight,
  IconArrowUpRight,
  IconBrandGoogle,
  IconBrandYoutube,
  IconPlugConnectedX,
  IconRefresh,
  IconSettings,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import {
  ANALYTICS_FIGURES,
  ANALYTICS_PERIODS,
  DEFAULT_ANALYTICS_PERIOD,
  GOOGLE_ENV_VARIABLES,
  GOOGLE_REDIRECT_PATH,
  MSG,
  UNCOMPARED_PERIOD,
  compareFigure,
  type AnalyticsPeriod,
  type Comparison,
} from '@cutroom/domain';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyStateCard } from '../../components/empty-state-card';
import { ErrorState } from '../../components/error-state';
import { SectionLoader } from '../../components/loaders';
import { errorMessage, isApiError } from '../../lib/api-client';
import { formatDay } from '../../lib/format-time';
import { notify } from '../../lib/notify';
import {
  useAnalyticsFigures,
  useAnalyticsStatus,
  useDisconnectGoogle,
  useForgetAnalytics,
  useStartGoogleSignIn,
  type AnalyticsOwner,
} from './api';

type Unit = (typeof ANALYTICS_FIGURES)[number]['unit'];

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** Seconds as m:ss (h:mm:ss past an hour), the way YouTube Studio shows view durations. */
function duration(seconds: number): string {
  const total = Math.round(seconds);
  const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

export function formatFigure(value: number, unit: Unit): string {
  if (unit === 'seconds') return duration(value);
  if (unit === 'percent') return `${oneDecimal.format(value)}%`;
  if (unit === 'minutes') return `${whole.format(value)} min`;
  return whole.format(value);
}

const formatRange = (r: { startDate: string; endDate: string }) =>
  `${formatDay(r.startDate)} – ${formatDay(r.endDate)}`;

function ChangeBadge({ comparison }: { comparison: Comparison }) {
  const { direction, percent, good } = comparison;
  const color = good === null ? 'gray' : good ? 'teal' : 'red';
  const Icon = direction === 'up' ? IconArrowUpRight : IconArrowDownRight;
  const change = percent === null ? 'new' : `${percent > 0 ? '+' : ''}${oneDecimal.format(percent)}%`;
  return (
    <Badge
      color={color}
      variant="light"
      size="lg"
      leftSection={direction === 'none' ? null : <Icon size={14} aria-hidden />}
      aria-label={direction === 'none' ? 'No change' : `${direction === 'up' ? 'Up' : 'Down'} ${change}`}
      data-direction={direction}
    >
      {direction === 'none' ? 'No change' : change}
    </Badge>
  );
}

function FigureCard({
  label,
  unit,
  value,
  previous,
  higherIsBetter,
  testId,
}: {
  label: string;
  unit: Unit;
  value: number;
  previous: number | null;
  higherIsBetter: boolean;
  testId: string;
}) {
  const comparison = compareFigure(value, previous, higherIsBetter);
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Group justify="space-between" align="flex-end" gap="xs" mt={4} wrap="wrap">
        <Text fz={26} fw={700} lh={1.2} data-testid={`${testId}-value`}>
          {formatFigure(value, unit)}
        </Text>
        {comparison && <ChangeBadge comparison={comparison} />}
      </Group>
      {previous !== null && (
        <Text fz="xs" c="dimmed" mt={6}>
          Previous period: {formatFigure(previous, unit)}
        </Text>
      )}
    </Paper>
  );
}

function Figures({ clientId, canDisconnect }: { clientId: AnalyticsOwner; canDisconnect: boolean }) {
  const [period, setPeriod] = useState<AnalyticsPeriod>(DEFAULT_ANALYTICS_PERIOD);
  const figures = useAnalyticsFigures(clientId, period, true);
  const forget = useForgetAnalytics();
  const disconnect = useDisconnectGoogle();
  const [confirming, setConfirming] = useState(false);
  const tokensGone = isApiError(figures.error) && figures.error.code === 'ANALYTICS_NOT_CONNECTED';

  // Google no longer accepts the stored grant: the status is stale, and refetching it shows the sign-in.
  useEffect(() => {
    if (tokensGone) void forget();
  }, [tokensGone, forget]);

  const data = figures.data;
  const compared = period !== UNCOMPARED_PERIOD;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Select
          label="Period"
          data={ANALYTICS_PERIODS.map((p) => ({ value: p.value, label: p.label }))}
          value={period}
          onChange={(value) => value && setPeriod(value)}
          allowDeselect={false}
          w={{ base: '100%', xs: 220 }}
          data-testid="analytics-period"
        />
        {canDisconnect && (
          <Button
            variant="default"
            color="red"
            leftSection={<IconPlugConnectedX size={16} />}
            onClick={() => setConfirming(true)}
          >
            Disconnect
          </Button>
        )}
      </Group>
      {data && (
        <Text fz="sm" c="dimmed" data-testid="analytics-range">
          {formatRange(data.range)}
          {data.previousRange && compared ? `, compared with ${formatRange(data.previousRange)}` : ''}
        </Text>
      )}
      {figures.isPending && <SectionLoader mih={220} />}
      {figures.isError && !tokensGone && (
        <Alert color="orange" title="Analytics could not be loaded" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">{errorMessage(figures.error)}</Text>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconRefresh size={14} />}
              loading={figures.isFetching}
              onClick={() => void figures.refetch()}
            >
              Try again
            </Button>
          </Stack>
        </Alert>
      )}
      {data && (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" aria-busy={figures.isFetching}>
          {ANALYTICS_FIGURES.map((f) => (
            <FigureCard
              key={f.key}
              label={f.label}
              unit={f.unit}
              value={data.newAnalytics[f.key]}
              previous={compared ? (data.oldAnalytics?.[f.key] ?? null) : null}
              higherIsBetter={f.higherIsBetter}
              testId={`analytics-${f.key}`}
            />
          ))}
        </SimpleGrid>
      )}
      <ConfirmDialog
        opened={confirming}
        title="Disconnect YouTube"
        message={MSG.confirmGoogleDisconnect}
        confirmLabel="Disconnect"
        danger
        loading={disconnect.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          disconnect.mutate(undefined, {
            onSuccess: (reply) => {
              setConfirming(false);
              notify.success(reply.message);
            },
            onError: (error) => notify.error(errorMessage(error)),
          })
        }
      />
    </Stack>
  );
}

function SignIn() {
  const start = useStartGoogleSignIn();
  return (
    <EmptyStateCard
      icon={<IconBrandYoutube size={34} stroke={1.5} />}
      title={MSG.analyticsSignIn}
      description={
        <>
          Sign in with Google and give Cutroom read-only access to your channel analytics: views, subscribers gained and
          lost, watch time, average view duration and percentage. We can never change anything on your channel.{' '}
          <Anchor component={Link} to="/privacy-policy" fz="inherit">
            How we use this data
          </Anchor>
        </>
      }
    >
      <Button
        leftSection={<IconBrandGoogle size={18} />}
        loading={start.isPending || start.isSuccess}
        onClick={() => start.mutate(undefined, { onError: (error) => notify.error(errorMessage(error)) })}
      >
        Sign in with Google
      </Button>
    </EmptyStateCard>
  );
}

function NotConfigured({ forAdmin }: { forAdmin: boolean }) {
  return (
    <EmptyStateCard
      icon={<IconSettings size={34} stroke={1.5} />}
      title="YouTube analytics are not set up yet"
      description={
        forAdmin ? (
          <Stack gap={6} align="center">
            <Text inherit>
              Google sign-in needs the server variables {GOOGLE_ENV_VARIABLES.join(', ')}. Create an OAuth client in
              Google Cloud with the YouTube Analytics API enabled and the redirect URI{' '}
              <Text span inherit ff="monospace">
                {window.location.origin}
                {GOOGLE_REDIRECT_PATH}
              </Text>
              , set the variables and restart the server (docs/youtube-analytics.md).
            </Text>
          </Stack>
        ) : (
          'Your agency has not turned on YouTube analytics yet. Ask your team to set up Google sign-in.'
        )
      }
    />
  );
}

/**
 * The YT Analytics Data tab (spec 002 §2): the customer connects their channel with Google and reads
 * its figures; staff who may open the customer's profile read them too. `clientId` undefined = own.
 */
export function AnalyticsPanel({ clientId, viewerIsAdmin }: { clientId?: number; viewerIsAdmin: boolean }) {
  const status = useAnalyticsStatus(clientId);
  if (status.isPending) return <SectionLoader mih={220} />;
  if (status.isError)
    return (
      <ErrorState
        message={errorMessage(status.error)}
        onRetry={() => void status.refetch()}
        retrying={status.isFetching}
      />
    );
  const { configured, connected, can_connect } = status.data;
  if (!configured) return <NotConfigured forAdmin={viewerIsAdmin} />;
  if (connected) return <Figures clientId={clientId} canDisconnect={can_connect} />;
  if (can_connect) return <SignIn />;
  return (
    <EmptyStateCard
      icon={<IconBrandYoutube size={34} stroke={1.5} />}
      title={MSG.analyticsCustomerNotConnected}
      description="Once the customer signs in with Google on their own profile (read-only), their channel's figures show here."
    />
  );
}
