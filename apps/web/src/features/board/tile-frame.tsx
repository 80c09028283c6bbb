import type { CSSProperties, HTMLAttributes, ReactNode, Ref } from 'react';
import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import type { CardTileReply } from '@cutroom/domain';
import classes from './board.module.css';

export interface TileFrameProps extends HTMLAttributes<HTMLDivElement> {
  card: CardTileReply;
  /** Where the title and a click on the tile lead. */
  path: string;
  /** Customers see only their own cards, so the tile leaves their name out. */
  showClient: boolean;
  /** Beside the title (the normal board's actions menu). */
  menu?: ReactNode;
  /** Under the title and the customer: status, dates, people, actions. */
  footer: ReactNode;
  ref?: Ref<HTMLDivElement>;
  /** The copy under the pointer while dragging. */
  overlay?: boolean;
  /** The original left in its column while its copy is dragged. */
  dragging?: boolean;
  style?: CSSProperties;
}

/** What every board tile is: a clickable card with its title as a link, the customer, and its footer. */
export function TileFrame({
  card,
  path,
  showClient,
  menu,
  footer,
  ref,
  overlay,
  dragging,
  className,
  ...rest
}: TileFrameProps) {
  const navigate = useNavigate();
  const classNames = [classes.tile, dragging && classes.tileDragging, overlay && classes.tileOverlay, className];
  const title = (
    <Anchor
      component={Link}
      to={path}
      fz="sm"
      fw={600}
      lh={1.35}
      underline="hover"
      className={classes.tileTitle}
      // The tile drags with dnd-kit; the browser's own link dragging would fight it.
      draggable={false}
      onClick={(e) => e.stopPropagation()}
    >
      {card.card_title}
    </Anchor>
  );
  return (
    <Paper
      ref={ref}
      p="sm"
      radius="md"
      data-testid={overlay ? undefined : `card-${card.card_id}`}
      className={classNames.filter(Boolean).join(' ')}
      onClick={() => void navigate(path)}
      {...rest}
    >
      <Stack gap={6}>
        {menu ? (
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap={4}>
            {title}
            {menu}
          </Group>
        ) : (
          title
        )}
        {showClient && (
          <Text fz="xs" c="dimmed" truncate mt={-4}>
            {card.client_name}
          </Text>
        )}
        {footer}
      </Stack>
    </Paper>
  );
}
