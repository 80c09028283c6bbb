import { Button, CloseButton, Group, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { cardDetailsPath } from '../../lib/card-url';
import { CardDetailView } from './card-detail-view';
import type { CardTab } from './card-tabs';

interface CardQuickViewProps {
  cardId: number;
  opened: boolean;
  onClose: () => void;
  initialTab?: CardTab;
}

/** The #card-{id} quick view: the card page's content in a modal over the board (spec 001 §2). */
export function CardQuickView({ cardId, opened, onClose, initialTab }: CardQuickViewProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="min(1400px, 96vw)"
      fullScreen={phone}
      withCloseButton={false}
      padding={phone ? 'sm' : 'lg'}
      radius="lg"
      bg="gray.0"
      aria-label="Card quick view"
      data-testid="card-quick-view"
    >
      {opened && (
        <CardDetailView
          key={cardId}
          cardId={cardId}
          onBack={onClose}
          initialTab={initialTab}
          headerExtra={
            <Group gap="xs" wrap="nowrap">
              <Button
                component={Link}
                to={cardDetailsPath(cardId)}
                variant="subtle"
                size="xs"
                rightSection={<IconExternalLink size={14} />}
                onClick={onClose}
              >
                Open page
              </Button>
              {/* Back and Escape close it too, but a modal is expected to show its own way out (issue 18). */}
              <CloseButton aria-label="Close quick view" size="lg" onClick={onClose} data-testid="quick-view-close" />
            </Group>
          }
        />
      )}
    </Modal>
  );
}
