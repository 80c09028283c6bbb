import { Suspense, lazy } from 'react';
import { Button, Center, EmptyState, Paper } from '@mantine/core';
import { IconCompass } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { MSG, fill } from '@cutroom/domain';
import { FullPageLoader } from '../components/loaders';
import { PublicFrame } from '../components/public-frame';
import { useSession } from '../lib/session';
import { PATHS } from '../lib/paths';

/** The app frame loads on demand here too, so the first download (login) does not carry it. */
const AppLayout = lazy(() => import('./layout/app-layout').then((m) => ({ default: m.AppLayout })));

function NotFoundCard() {
  const { pathname } = useLocation();
  return (
    <Paper p={{ base: 'lg', sm: 48 }} radius="lg" data-testid="not-found">
      <EmptyState
        icon={<IconCompass size={34} stroke={1.5} />}
        variant="light"
        size="lg"
        title="Page not found"
        description={fill(MSG.pageMissingHint, { path: pathname })}
      >
        <EmptyState.Actions>
          <Button component={Link} to={PATHS.home}>
            Go to home
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}

/** Unknown paths: inside the app shell for a logged-in user, on the public frame for anyone else. */
export function NotFoundPage() {
  const session = useSession();
  const { pathname } = useLocation();
  if (session.isPending) return <FullPageLoader />;
  if (session.data) {
    return (
      <Suspense fallback={<FullPageLoader />}>
        <AppLayout>
          <NotFoundCard />
        </AppLayout>
      </Suspense>
    );
  }
  return (
    <PublicFrame title="Page not found" subtitle={fill(MSG.pageMissing, { path: pathname })}>
      <Center>
        <Button component={Link} to={PATHS.login} mt="md">
          Go to login
        </Button>
      </Center>
    </PublicFrame>
  );
}
