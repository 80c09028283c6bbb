import { useState } from 'react';
import {
  Accordion,
  AspectRatio,
  Button,
  Card,
  Center,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconExternalLink, IconPencil, IconPlayerPlay, IconSearch, IconVideoOff } from '@tabler/icons-react';
import { isPlayableVideoUrl, searchHelpVideos } from '@cutroom/domain';
import type { HelpVideo } from '@cutroom/domain/schemas';
import { EmptyStateCard } from '../../components/empty-state-card';
import { ErrorState } from '../../components/error-state';
import { SectionLoader } from '../../components/loaders';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/session';
import { useHelp } from './api';
import { HelpEditor } from './help-editor';

function VideoFrame({ video }: { video: HelpVideo }) {
  if (video.url && isPlayableVideoUrl(video.url)) {
    return (
      <AspectRatio ratio={16 / 9}>
        <video src={video.url} controls preload="metadata" aria-label={video.title} style={{ background: '#000' }} />
      </AspectRatio>
    );
  }
  return (
    <AspectRatio ratio={16 / 9}>
      <Center bg="gray.1">
        <ThemeIcon size={48} radius="xl" variant="light" color={video.url ? 'brand' : 'gray'}>
          {video.url ? <IconPlayerPlay size={26} /> : <IconVideoOff size={26} />}
        </ThemeIcon>
      </Center>
    </AspectRatio>
  );
}

function VideoCard({ video }: { video: HelpVideo }) {
  const external = video.url && !isPlayableVideoUrl(video.url);
  return (
    <Card withBorder radius="lg" padding="md" component="article" aria-label={video.title}>
      <Card.Section>
        <VideoFrame video={video} />
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Title order={3} fz="md">
          {video.title}
        </Title>
        {video.description && (
          <Text fz="sm" c="dimmed">
            {video.description}
          </Text>
        )}
        {external && (
          <Button
            component="a"
            href={video.url}
            target="_blank"
            rel="noopener noreferrer"
            variant="light"
            size="xs"
            rightSection={<IconExternalLink size={14} />}
            style={{ alignSelf: 'flex-start' }}
          >
            Watch
          </Button>
        )}
        {!video.url && (
          <Text fz="xs" c="dimmed">
            This video is on its way.
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** /help: tutorial videos with a title search, and the FAQs (spec 002 §2 "Help page", §9 FAQ facts). */
export function HelpPage() {
  const user = useCurrentUser();
  const help = useHelp();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState(false);
  const isAdmin = user.client_type === 'admin';

  const actions = isAdmin && help.data && (
    <Button variant="light" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
      Edit page
    </Button>
  );
  const header = (
    <PageHeader
      title="Help"
      description="Short tutorials on using the portal, and answers to the questions we hear most."
      actions={actions}
    />
  );
  if (help.isPending) {
    return (
      <>
        {header}
        <SectionLoader mih={320} />
      </>
    );
  }
  if (help.isError) {
    return (
      <>
        {header}
        <ErrorState message={errorMessage(help.error)} onRetry={() => void help.refetch()} retrying={help.isFetching} />
      </>
    );
  }

  const videos = searchHelpVideos(help.data.videos, search);
  return (
    <>
      {header}
      {editing && <HelpEditor content={help.data} onClose={() => setEditing(false)} />}
      <Stack gap="xl">
        <Stack gap="md" component="section" aria-labelledby="help-videos">
          <Title order={2} fz="lg" id="help-videos">
            Tutorial videos
          </Title>
          <TextInput
            placeholder="Search tutorials by title"
            aria-label="Search tutorials by title"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            maw={420}
          />
          {videos.length === 0 ? (
            <EmptyStateCard
              icon={<IconVideoOff size={34} stroke={1.5} />}
              title={help.data.videos.length === 0 ? 'No tutorials yet' : 'No tutorial matches'}
              description={
                help.data.videos.length === 0
                  ? 'Tutorials will appear here.'
                  : `Nothing is titled “${search.trim()}”. Try another word.`
              }
            />
          ) : (
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
              {videos.map((video, i) => (
                <VideoCard key={`${i}-${video.title}`} video={video} />
              ))}
            </SimpleGrid>
          )}
        </Stack>
        {help.data.faqs.length > 0 && (
          <Stack gap="md" component="section" aria-labelledby="help-faqs">
            <Title order={2} fz="lg" id="help-faqs">
              Frequently asked questions
            </Title>
            <Accordion variant="separated" radius="md" multiple>
              {help.data.faqs.map((faq, i) => (
                <Accordion.Item key={`${i}-${faq.question}`} value={String(i)}>
                  <Accordion.Control>{faq.question}</Accordion.Control>
                  <Accordion.Panel>
                    <Text fz="sm" style={{ whiteSpace: 'pre-line' }}>
                      {faq.answer}
                    </Text>
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          </Stack>
        )}
      </Stack>
    </>
  );
}
