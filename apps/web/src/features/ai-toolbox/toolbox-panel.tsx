import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Group, Loader, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconBulb, IconHeading, IconRefresh, IconScript } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { AI_PARAMS_STORAGE_KEY, AI_TOOL_TYPES, AI_TOOLS, type AiToolType } from '@cutroom/domain';
import { errorMessage } from '../../lib/api-client';
import { generate, useSaveItem } from './api';
import { EMPTY_FORM, GenerateModal, type GenerateForm } from './generate-modal';
import { ResultCard } from './result-card';

const ICONS: Record<AiToolType, typeof IconBulb> = { ideas: IconBulb, title: IconHeading, script: IconScript };

/** The last parameters, kept in localStorage as aiDataParams (spec 002 §3); a broken value is ignored. */
function storedForm(): GenerateForm {
  try {
    const raw = window.localStorage.getItem(AI_PARAMS_STORAGE_KEY);
    const value = raw ? (JSON.parse(raw) as Partial<GenerateForm>) : {};
    return {
      ...EMPTY_FORM,
      ...Object.fromEntries(Object.entries(value).filter(([k, v]) => k in EMPTY_FORM && v !== null)),
      sub_topics: Array.isArray(value.sub_topics) && value.sub_topics.length ? value.sub_topics.slice(0, 4) : [''],
    };
  } catch {
    return EMPTY_FORM;
  }
}
function storeForm(tool: AiToolType, form: GenerateForm) {
  try {
    window.localStorage.setItem(AI_PARAMS_STORAGE_KEY, JSON.stringify({ toolType: tool, ...form }));
  } catch {
    // Storage may be full or off; the form still works.
  }
}

interface Results {
  tool: AiToolType;
  form: GenerateForm;
  items: string[];
}

/** The ToolBox tab: three tool cards, their modal, the streamed answer and its result cards. */
export function ToolboxPanel() {
  const queryClient = useQueryClient();
  const [tool, setTool] = useState<AiToolType | null>(null);
  const [form, setForm] = useState<GenerateForm>(storedForm);
  const [running, setRunning] = useState<{ tool: AiToolType; title: string } | null>(null);
  const [streamed, setStreamed] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [results, setResults] = useState<Results | null>(null);
  const [savedIdx, setSavedIdx] = useState<Set<number>>(new Set());
  const [savingIdx, setSavingIdx] = useState<number | null>(null);
  const [showHint, setShowHint] = useState(false);
  const lastTool = useRef<AiToolType>('ideas');
  const abort = useRef<AbortController | null>(null);
  const save = useSaveItem();
  useEffect(() => () => abort.current?.abort(), []);

  const run = async () => {
    if (!tool) return;
    const current = tool;
    const snapshot = form;
    storeForm(current, snapshot);
    lastTool.current = current;
    // Generate closes the modal; the answer streams in below (spec 002 §2).
    setTool(null);
    setRunning({ tool: current, title: snapshot.title.trim() });
    setStreamed('');
    setFailure(null);
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    try {
      const { items } = await generate({ toolType: current, ...snapshot }, setStreamed, controller.signal);
      setResults({ tool: current, form: snapshot, items });
      setSavedIdx(new Set());
      setShowHint(true);
    } catch (error) {
      if (controller.signal.aborted) return;
      setFailure(errorMessage(error));
    } finally {
      if (!controller.signal.aborted) setRunning(null);
      void queryClient.invalidateQueries({ queryKey: ['ai', 'status'] });
    }
  };

  const saveItem = (index: number, text: string) => {
    if (!results) return;
    const { tool: toolType, form: f } = results;
    setSavingIdx(index);
    save.mutate(
      {
        title: f.title.trim(),
        toolType,
        audience_type: f.audience_type.trim() || null,
        category: f.category.trim() || null,
        duration: toolType === 'script' ? f.duration : null,
        data: text,
      },
      {
        onSuccess: () => setSavedIdx((s) => new Set(s).add(index)),
        onSettled: () => setSavingIdx(null),
      },
    );
  };

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {AI_TOOL_TYPES.map((key) => {
          const Icon = ICONS[key];
          return (
            <Card key={key} withBorder radius="lg" padding="lg" data-testid={`ai-tool-${key}`}>
              <Stack gap="sm" h="100%">
                <ThemeIcon size={40} radius="md" variant="light">
                  <Icon size={22} />
                </ThemeIcon>
                <Title order={2} fz="lg">
                  {AI_TOOLS[key].label}
                </Title>
                <Text fz="sm" c="dimmed" style={{ flex: 1 }}>
                  {AI_TOOLS[key].description}
                </Text>
                <Button variant="light" onClick={() => setTool(key)} disabled={running !== null}>
                  Open
                </Button>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>

      {running && (
        <Paper withBorder radius="lg" p="lg" aria-live="polite" aria-busy="true" data-testid="ai-streaming">
          <Group gap="sm" mb="sm">
            <Loader size="sm" />
            <Text fw={600}>
              {AI_TOOLS[running.tool].label}: “{running.title}”
            </Text>
          </Group>
          <Text
            fz="sm"
            c={streamed ? undefined : 'dimmed'}
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          >
            {streamed || 'Waiting for the first words…'}
          </Text>
        </Paper>
      )}

      {failure && !running && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Nothing was generated" role="alert">
          <Text fz="sm">{failure}</Text>
          <Button
            mt="sm"
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconRefresh size={14} />}
            onClick={() => setTool(lastTool.current)}
          >
            Try again
          </Button>
        </Alert>
      )}

      {results && !running && (
        <Stack gap="sm" data-testid="ai-results">
          <Group justify="space-between" gap="xs">
            <Title order={2} fz="lg">
              {AI_TOOLS[results.tool].label}: “{results.form.title.trim()}”
            </Title>
            <Text fz="sm" c="dimmed">
              {results.items.length} result{results.items.length === 1 ? '' : 's'}
            </Text>
          </Group>
          {showHint && (
            <Alert variant="light" icon={<IconRefresh size={18} />} data-testid="ai-reprompt">
              <Group justify="space-between" gap="xs">
                <Text fz="sm">Not quite right? Re prompt: change the topic or add details, and generate again.</Text>
                <Button size="xs" variant="light" onClick={() => setTool(results.tool)}>
                  Re prompt
                </Button>
              </Group>
            </Alert>
          )}
          {results.items.map((text, index) => (
            <ResultCard
              key={`${index}-${text.slice(0, 20)}`}
              text={text}
              index={index}
              saving={savingIdx === index}
              saved={savedIdx.has(index)}
              onSave={() => saveItem(index, text)}
            />
          ))}
        </Stack>
      )}

      <GenerateModal
        tool={tool}
        form={form}
        onChange={setForm}
        onReset={() => {
          setForm(EMPTY_FORM);
          setShowHint(false);
        }}
        onGenerate={() => void run()}
        onClose={() => setTool(null)}
        loading={running !== null}
      />
    </Stack>
  );
}
