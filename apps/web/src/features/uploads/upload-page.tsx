import { useState } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { IconUserSearch } from '@tabler/icons-react';
import { MSG, NAV_ITEMS } from '@cutroom/domain';
import { CustomerFilterSelect } from '../../components/customer-filter-select';
import { EmptyStateCard } from '../../components/empty-state-card';
import { PageHeader } from '../../components/page-header';
import { useCurrentUser } from '../../lib/session';
import { useFolderSearch, useRefreshUploads } from './api';
import { UploadQueue } from './upload-queue';
import { UploadedFiles } from './uploaded-files';

/**
 * /upload (spec 002 §2 "Upload page"): staff pick a customer they may see and fill that customer's
 * folder; a customer gets their own folder without the picker.
 */
export function UploadPage() {
  const viewer = useCurrentUser();
  const isCustomer = viewer.client_type === 'customer';
  const [picked, setPicked] = useState<string | null>(null);
  const customerId = isCustomer ? viewer.client_id : picked ? Number(picked) : null;
  const onUploaded = useRefreshUploads();

  return (
    <>
      <PageHeader title={NAV_ITEMS.upload.label} />
      <Stack gap="lg">
        {!isCustomer && (
          <CustomerFilterSelect
            value={picked}
            onChange={setPicked}
            label="Customer"
            placeholder="Pick a customer"
            useSearch={useFolderSearch}
          />
        )}
        {customerId === null ? (
          <EmptyStateCard
            icon={<IconUserSearch size={34} stroke={1.5} />}
            title="No customer picked"
            description={MSG.uploadPickCustomer}
          />
        ) : (
          <>
            <Paper p={{ base: 'sm', sm: 'lg' }} radius="lg">
              <Stack gap="sm">
                <Title order={2} fz="h4">
                  Add files
                </Title>
                {/* A new customer gets a fresh queue: nothing picked for one lands in another's folder. */}
                <UploadQueue key={customerId} customerId={customerId} onUploaded={onUploaded} />
              </Stack>
            </Paper>
            <Stack gap="sm">
              <Title order={2} fz="h4">
                {isCustomer ? 'Your files' : 'Files in this folder'}
              </Title>
              <Text fz="sm" c="dimmed">
                Download links work for 15 minutes.
              </Text>
              <UploadedFiles key={customerId} customerId={isCustomer ? null : customerId} />
            </Stack>
          </>
        )}
      </Stack>
    </>
  );
}
