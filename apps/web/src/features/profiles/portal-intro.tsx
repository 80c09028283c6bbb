import { Button, Group, List, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import type { UserView } from '@cutroom/domain/schemas';
import { useUpdateProfile } from './own-profile-api';

/** The customer's first steps, in the order the portal is used. */
const STEPS = [
  'Finish this form: the Gdrive or Dropbox email is how we reach your raw footage.',
  'On the board, press Create to request a video: a title, the footage link and the format.',
  'Your editor cuts it and QA checks it; the card moves along the board as they work.',
  'When it reaches Review, watch it on the card page and comment on the frame itself.',
  'Happy with it? Mark it done and rate it. Want changes? Ask for a revision in the chat.',
];

/** 'How to use portal' (spec 002 §2): open while the registration is incomplete, hidable once it is done. */
export function PortalIntro({ user }: { user: UserView }) {
  const update = useUpdateProfile();
  const registering = !user.is_profile_completed;
  if (!registering && user.show_portal_video === false) return null;
  return (
    <Paper
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      mb="md"
      withBorder
      component="section"
      aria-label="How to use portal"
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="xs">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" radius="xl" size="lg">
            <IconBulb size={18} />
          </ThemeIcon>
          <Title order={2} fz="lg">
            How to use portal
          </Title>
        </Group>
        {!registering && (
          <Button
            size="compact-sm"
            variant="subtle"
            color="gray"
            loading={update.isPending}
            onClick={() => update.mutate({ show_portal_video: false })}
          >
            Hide
          </Button>
        )}
      </Group>
      <List type="ordered" spacing={6} fz="sm">
        {STEPS.map((step) => (
          <List.Item key={step}>
            <Text fz="sm" span>
              {step}
            </Text>
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}
