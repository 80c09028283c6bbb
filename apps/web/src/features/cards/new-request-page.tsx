import { useEffect, useState } from 'react';
import { Paper, Text } from '@mantine/core';
import { Navigate, useNavigate } from 'react-router';
import { REQUEST_ROLES, requestUsageText } from '@cutroom/domain';
import { PageHeader } from '../../components/page-header';
import { UnsavedChangesPrompt } from '../../components/unsaved-changes-prompt';
import { useCurrentUser } from '../../lib/session';
import { useRequestAllowance } from './api';
import { RequestForm } from './request-form';

const HOME = '/';

/** Spec 000 §2 '/new-card': the two-step request form as a page. */
export function NewRequestPage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [dirty, setDirty] = useState(false);
  const [created, setCreated] = useState(false);
  const isCustomer = user.client_type === 'customer';
  const allowance = useRequestAllowance(isCustomer);

  // Navigating after the save has rendered, so the unsaved-changes guard already knows it is saved.
  useEffect(() => {
    if (created) void navigate(HOME);
  }, [created, navigate]);

  // Only customers (for themselves) and admins (for a customer) create requests (spec 000 §6).
  if (!REQUEST_ROLES.includes(user.client_type)) return <Navigate to={HOME} replace />;

  const usage = allowance.data;
  return (
    <>
      <PageHeader
        title="New video request"
        description={
          isCustomer
            ? 'Tell us about the video you need. The details come first; instructions and extras are optional.'
            : 'Create a request on behalf of a customer.'
        }
        actions={
          usage &&
          usage.limit !== null && (
            <Text fz="sm" c="dimmed" data-testid="request-usage">
              Requests: {requestUsageText(usage.used, usage.limit)}
            </Text>
          )
        }
      />
      <Paper p={{ base: 'md', sm: 'xl' }} radius="lg" maw={880}>
        <RequestForm
          mode="create"
          onCancel={() => void navigate(HOME)}
          onSaved={() => setCreated(true)}
          onDirtyChange={setDirty}
        />
      </Paper>
      <UnsavedChangesPrompt when={dirty && !created} />
    </>
  );
}
