import { Stack, Tabs } from '@mantine/core';
import { IconStarHalfFilled, IconUserStar } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useSearchParams } from 'react-router';
import { NAV_ITEMS } from '@cutroom/domain';
import { PageHeader } from '../../components/page-header';
import { CustomerRatingsList } from './customer-ratings-list';
import { UpdateRatingForm } from './update-rating-form';
import { UpdatedRatingsList } from './updated-ratings-list';

const TABS = ['update', 'customer'] as const;
type RatingTab = (typeof TABS)[number];
const isTab = (v: string | null): v is RatingTab => TABS.includes(v as RatingTab);

/** /rating (admin, spec 002 §2 "Rating admin"): correct a card's QA rating, and read what customers rated. */
export function RatingPage() {
  // The tab lives in the address, so a reload or a shared link opens the same one.
  const [params, setParams] = useSearchParams();
  const phone = useMediaQuery('(max-width: 48em)');
  const wanted = params.get('tab');
  const tab: RatingTab = isTab(wanted) ? wanted : 'update';

  return (
    <>
      <PageHeader
        title={NAV_ITEMS.rating.label}
        description="Correct a card's QA rating with a reason, and read the ratings customers gave."
      />
      <Tabs
        value={tab}
        onChange={(v) => isTab(v) && setParams(v === 'update' ? {} : { tab: v }, { replace: true })}
        keepMounted={false}
      >
        {/* On a phone the two tabs share the row, without icons, rather than stacking. */}
        <Tabs.List mb="md" grow={!!phone}>
          <Tabs.Tab value="update" leftSection={phone ? undefined : <IconStarHalfFilled size={16} />}>
            Update QA Rating
          </Tabs.Tab>
          <Tabs.Tab value="customer" leftSection={phone ? undefined : <IconUserStar size={16} />}>
            Rated by Customer
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="update">
          <Stack gap="xl">
            <UpdateRatingForm />
            <UpdatedRatingsList />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="customer">
          <CustomerRatingsList />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
