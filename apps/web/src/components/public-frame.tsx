import type { ReactNode } from 'react';
import { Anchor, Box, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Logo } from './logo';
import classes from './public-frame.module.css';

interface PublicFrameProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Wide pages (the privacy policy) drop the side panel and use the full width. */
  wide?: boolean;
}

const SELLING_POINTS = [
  'Order edits as simple request cards',
  'Follow every video from request to delivery',
  'Review, comment and ask for revisions in one place',
];

/** The frame of every public page: brand panel on wide screens, the form card on the right. */
export function PublicFrame({ title, subtitle, children, wide = false }: PublicFrameProps) {
  useDocumentTitle(`${title} · Cutroom`);
  if (wide) {
    return (
      <Box className={classes.wideRoot}>
        <Box component="header" className={classes.wideHeader}>
          <Anchor component={Link} to="/" underline="never" c="inherit" aria-label="Cutroom home">
            <Logo size={30} />
          </Anchor>
        </Box>
        <Paper component="main" className={classes.widePaper} p={{ base: 'lg', sm: 40 }} radius="lg">
          <Title order={1} mb="xs">
            {title}
          </Title>
          {subtitle && (
            <Text c="dimmed" mb="xl">
              {subtitle}
            </Text>
          )}
          {children}
        </Paper>
      </Box>
    );
  }

  return (
    <Box className={classes.root}>
      <Box className={classes.brand} aria-hidden="true">
        <Logo size={36} inverted />
        <Stack gap="lg" maw={420}>
          <Title order={2} c="white" fz={34} lh={1.2}>
            Great videos, without the back-and-forth.
          </Title>
          <List
            spacing="sm"
            c="brand.0"
            icon={
              <ThemeIcon size={22} radius="xl" color="white" c="brand.7">
                <IconCheck size={14} stroke={3} />
              </ThemeIcon>
            }
          >
            {SELLING_POINTS.map((point) => (
              <List.Item key={point}>{point}</List.Item>
            ))}
          </List>
        </Stack>
        <Text fz="sm" c="brand.1">
          © {new Date().getFullYear()} Cutroom
        </Text>
      </Box>
      <Box component="main" className={classes.content}>
        <Box className={classes.mobileLogo}>
          <Logo size={32} />
        </Box>
        <Paper className={classes.card} p={{ base: 'lg', xs: 36 }} radius="lg" shadow="sm">
          <Title order={1} fz={26} mb={4}>
            {title}
          </Title>
          {subtitle && (
            <Text c="dimmed" fz="sm" mb="lg">
              {subtitle}
            </Text>
          )}
          {children}
        </Paper>
      </Box>
    </Box>
  );
}
