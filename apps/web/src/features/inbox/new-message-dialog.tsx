import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { INBOX_MESSAGE_MAX, INBOX_TITLE_MAX } from '@cutroom/domain';
import { ChatTextarea } from '../../components/chat-textarea';
import { useCreateThread, useCustomerChoices } from './api';
import { textToHtml } from './message-html';

interface NewMessageDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Staff write for a customer they choose (spec 002 §5). */
  isStaff: boolean;
  onCreated: (id: number) => void;
}

/** 'New message': Title and Message required (OK stays off until both are filled), staff also the customer. */
export function NewMessageDialog({ opened, onClose, isStaff, onCreated }: NewMessageDialogProps) {
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [customer, setCustomer] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const customers = useCustomerChoices(debounced, opened && isStaff);
  const create = useCreateThread();
  const ready = title.trim() !== '' && message.trim() !== '' && (!isStaff || customer !== null);

  const close = () => {
    setTitle('');
    setMessage('');
    setCustomer(null);
    setSearch('');
    onClose();
  };
  const submit = () => {
    if (!ready || create.isPending) return;
    create.mutate(
      {
        title: title.trim(),
        latestMessage: textToHtml(message),
        status: 'ACTIVE',
        ...(isStaff ? { messageFor: Number(customer) } : {}),
      },
      {
        onSuccess: (reply) => {
          onCreated(reply.id);
          close();
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="New message" centered size="lg">
      <Stack gap="sm" data-testid="inbox-new-dialog">
        {isStaff && (
          <Select
            label="Customer"
            placeholder="Choose the customer"
            required
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            data={customers.data ?? []}
            value={customer}
            onChange={setCustomer}
            nothingFoundMessage={customers.isFetching ? 'Loading…' : 'No customer found'}
            data-testid="inbox-new-customer"
          />
        )}
        <TextInput
          label="Title"
          required
          value={title}
          maxLength={INBOX_TITLE_MAX}
          onChange={(e) => setTitle(e.currentTarget.value)}
          data-testid="inbox-new-title"
          data-autofocus
        />
        <ChatTextarea
          label="Message"
          required
          value={message}
          maxLength={INBOX_MESSAGE_MAX}
          onChange={(e) => setMessage(e.currentTarget.value)}
          onSend={submit}
          description="Enter sends · Shift+Enter for a new line"
          minRows={4}
          data-testid="inbox-new-message"
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={!ready} loading={create.isPending} data-testid="inbox-new-ok">
            OK
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
