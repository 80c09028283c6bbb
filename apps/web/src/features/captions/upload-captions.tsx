import { useState } from 'react';
import { Alert, Button, FileInput, Group, Stack, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconFileText } from '@tabler/icons-react';
import { CAPTION_LANGUAGE_PATTERN } from '@cutroom/domain';
import type { CaptionView } from '@cutroom/domain/schemas';
import { errorMessage } from '../../lib/api-client';
import { useUploadCaptions } from './api/captions';

interface UploadCaptionsProps {
  cardId: number;
  videoVersion: number;
  videoNumber: number;
  onUploaded: (caption: CaptionView) => void;
  onCancel: () => void;
}

/** An SRT or WebVTT file for the version on screen; a refused file's message (naming its lines) stays in view. */
export function UploadCaptions({ cardId, videoVersion, videoNumber, onUploaded, onCancel }: UploadCaptionsProps) {
  const upload = useUploadCaptions(cardId);
  const [file, setFile] = useState<File | null>(null);
  const [language, setLanguage] = useState('en');
  const languageOk = CAPTION_LANGUAGE_PATTERN.test(language.trim());
  return (
    <form
      data-testid="upload-captions"
      onSubmit={(e) => {
        e.preventDefault();
        if (!file || !languageOk) return;
        upload.mutate(
          { file, language: language.trim(), videoVersion, videoNumber },
          { onSuccess: (reply) => onUploaded(reply.caption) },
        );
      }}
    >
      <Stack gap="xs">
        <Group gap="xs" align="flex-start" wrap="wrap">
          <FileInput
            size="xs"
            label="Caption file"
            placeholder="An .srt or .vtt file"
            accept=".srt,.vtt"
            leftSection={<IconFileText size={14} />}
            value={file}
            onChange={setFile}
            clearable
            style={{ flex: '1 1 180px' }}
          />
          <TextInput
            size="xs"
            label="Language"
            w={90}
            value={language}
            onChange={(e) => setLanguage(e.currentTarget.value)}
            error={languageOk ? undefined : 'A code such as en, es or pt-BR'}
          />
        </Group>
        {upload.isError && (
          <Alert
            color="red"
            variant="light"
            p="xs"
            icon={<IconAlertTriangle size={16} />}
            data-testid="upload-captions-error"
            style={{ whiteSpace: 'pre-line' }}
          >
            {errorMessage(upload.error)}
          </Alert>
        )}
        <Group gap="xs" justify="flex-end">
          <Button size="compact-sm" variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button size="compact-sm" type="submit" loading={upload.isPending} disabled={!file || !languageOk}>
            Upload
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
