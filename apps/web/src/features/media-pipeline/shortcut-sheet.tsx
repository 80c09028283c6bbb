import { Group, Kbd, Modal, Table, Text } from '@mantine/core';
import { SHORTCUTS } from './shortcuts';

/** Every key of the review player, opened with ? or the keyboard button. */
export function ShortcutSheet({
  opened,
  onClose,
  withinPortal,
}: {
  opened: boolean;
  onClose: () => void;
  withinPortal: boolean;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Keyboard shortcuts" withinPortal={withinPortal} centered>
      <Table verticalSpacing={6} data-testid="shortcut-sheet">
        <Table.Tbody>
          {SHORTCUTS.map(({ keys, does }) => (
            <Table.Tr key={does}>
              <Table.Td w={120}>
                <Group gap={4} wrap="nowrap">
                  {keys.map((k, i) => (k === '+' ? <Text key={i}>+</Text> : <Kbd key={i}>{k}</Kbd>))}
                </Group>
              </Table.Td>
              <Table.Td>{does}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed" mt="sm">
        Shortcuts work anywhere on the card page, except while you type.
      </Text>
    </Modal>
  );
}
