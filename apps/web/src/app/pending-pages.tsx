import type { ReactNode } from 'react';
import { IconUpload } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { NAV_ITEMS, type UserView } from '@cutroom/domain';
import { EmptyStateCard } from '../components/empty-state-card';
import { PageHeader } from '../components/page-header';
import { useCurrentUser } from '../lib/session';

interface PendingPageSpec {
  title: (user: UserView, params: Record<string, string | undefined>) => string;
  description: (user: UserView) => string;
  icon: ReactNode;
  action?: (user: UserView) => ReactNode;
}

const fixed = (text: string) => () => text;
const iconProps = { size: 34, stroke: 1.5 } as const;

/** Pages the later features fill; until then each says, in a sentence, what it will hold. */
const PENDING_PAGES = {
  upload: {
    title: fixed(NAV_ITEMS.upload.label),
    description: fixed(
      "Pick a customer and upload raw footage straight into their folder, then search and browse what's already there.",
    ),
    icon: <IconUpload {...iconProps} />,
  },
} satisfies Record<string, PendingPageSpec>;

export type PendingPageKey = keyof typeof PENDING_PAGES;

export function PendingPage({ page }: { page: PendingPageKey }) {
  const user = useCurrentUser();
  const params = useParams();
  const spec: PendingPageSpec = PENDING_PAGES[page];
  const title = spec.title(user, params);
  return (
    <>
      <PageHeader title={title} />
      <EmptyStateCard icon={spec.icon} title="Coming soon" description={spec.description(user)}>
        {spec.action?.(user)}
      </EmptyStateCard>
    </>
  );
}
