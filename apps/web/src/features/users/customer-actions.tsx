import { Button } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconRotateClockwise, IconTrash } from '@tabler/icons-react';
import { API } from '@cutroom/domain/contract';
import { MSG, fill, type Role } from '@cutroom/domain';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { mayCall, useDeleteUser, useRenewSubscription, useToggleSubscription, type Customer } from './api';

type Action = 'delete' | 'deactivate' | 'activate' | 'renew';
/** An action asked for on one customer, waiting for its confirmation. */
export interface PendingAction {
  action: Action;
  customer: Customer;
}

const CONFIRM: Record<Action, { title: string; message: string; label: string; danger: boolean }> = {
  delete: { title: 'Delete customer', message: MSG.confirmDeleteUser, label: 'Delete', danger: true },
  deactivate: {
    title: 'Deactivate customer',
    message: MSG.confirmDeactivateCustomer,
    label: 'Deactivate',
    danger: true,
  },
  activate: { title: 'Activate customer', message: MSG.confirmActivateCustomer, label: 'Activate', danger: false },
  renew: { title: 'Renew subscription', message: MSG.confirmRenewSubscription, label: 'Renew', danger: false },
};

/** The buttons a role may use on a customer's card (the contract's access decides); null when there are none. */
export function customerActions(customer: Customer, role: Role, onAsk: (pending: PendingAction) => void) {
  const name = customer.fullname;
  const active = customer.is_active_subscription;
  const ask = (action: Action) => () => onAsk({ action, customer });
  const buttons = [
    mayCall(API.users.toggleSubscription, role) && (
      <Button
        key="toggle"
        size="compact-sm"
        variant="subtle"
        color={active ? 'orange' : 'green'}
        leftSection={active ? <IconPlayerPause size={14} /> : <IconPlayerPlay size={14} />}
        aria-label={`${active ? 'Deactivate' : 'Activate'} ${name}`}
        onClick={ask(active ? 'deactivate' : 'activate')}
      >
        {active ? 'Deactivate' : 'Activate'}
      </Button>
    ),
    mayCall(API.users.renewSubscription, role) && (
      <Button
        key="renew"
        size="compact-sm"
        variant="subtle"
        leftSection={<IconRotateClockwise size={14} />}
        aria-label={`Renew ${name}`}
        onClick={ask('renew')}
      >
        Renew
      </Button>
    ),
    mayCall(API.users.remove, role) && (
      <Button
        key="delete"
        size="compact-sm"
        variant="subtle"
        color="red"
        leftSection={<IconTrash size={14} />}
        aria-label={`Delete ${name}`}
        onClick={ask('delete')}
      >
        Delete
      </Button>
    ),
  ].filter(Boolean);
  return buttons.length ? buttons : null;
}

/** Asks before the action runs, and closes once it has settled either way. */
export function CustomerActionDialog({ pending, onClose }: { pending: PendingAction | null; onClose: () => void }) {
  const remove = useDeleteUser(MSG.deleteCustomerFailed);
  const toggle = useToggleSubscription();
  const renew = useRenewSubscription();

  const confirm = () => {
    if (!pending) return;
    const { action, customer } = pending;
    const done = { onSettled: onClose };
    if (action === 'delete') remove.mutate(customer.client_id, done);
    else if (action === 'renew') renew.mutate(customer.client_id, done);
    else toggle.mutate({ id: customer.client_id, active: action === 'activate' }, done);
  };
  const busy = remove.isPending || renew.isPending || toggle.isPending;
  const spec = pending ? CONFIRM[pending.action] : null;

  return (
    <ConfirmDialog
      opened={pending !== null}
      title={spec?.title ?? ''}
      message={spec && pending ? fill(spec.message, { name: pending.customer.fullname }) : ''}
      confirmLabel={spec?.label}
      danger={spec?.danger}
      loading={busy}
      onCancel={onClose}
      onConfirm={confirm}
    />
  );
}
