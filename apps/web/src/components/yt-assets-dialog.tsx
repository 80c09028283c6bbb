import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { isLink, MSG, YT_STATUS_LABELS, type YtStatus } from '@cutroom/domain';
import { isApiError } from '../lib/api-client';
import type { YtAssets } from '../lib/yt-moves';
import { RichTextField } from './rich-text-field';

type AssetField = 'thumbnail1' | 'thumbnail2' | 'snippetLink' | 'unlistedLink' | 'videoDescription';
type FieldErrors = Partial<Record<AssetField, string>>;

interface YtAssetsDialogProps {
  cardTitle: string;
  to: YtStatus;
  /** The links already on the card, when known (the card page knows them, a board tile does not). */
  initial?: Partial<YtAssets>;
  /** Resolves once sent; a refusal naming a field is shown at that field and the dialog stays. */
  onSubmit: (assets: YtAssets) => Promise<unknown>;
  onSkip: () => void;
  onClose: () => void;
}

const linkError = (value: string) => (value.trim() && !isLink(value) ? MSG.linkInvalid : null);

/** The server names a field of the body ('thumbnailLinkUrlArray.1', 'snippetLink'); this is its input. */
function fieldOf(serverField: string | undefined): AssetField | null {
  if (!serverField) return null;
  if (serverField.startsWith('thumbnailLinkUrlArray')) return serverField.endsWith('1') ? 'thumbnail2' : 'thumbnail1';
  const known: AssetField[] = ['snippetLink', 'unlistedLink', 'videoDescription'];
  return known.find((f) => serverField.startsWith(f)) ?? null;
}

/**
 * The helper's hand-over (spec 000 §4, §5; spec 001 §2): two thumbnail links, the snippet, the
 * unlisted video and the description. Submit needs one thumbnail at least; Skip moves the card and
 * keeps the assets already on it; Close moves nothing.
 */
export function YtAssetsDialog({ cardTitle, to, initial, onSubmit, onSkip, onClose }: YtAssetsDialogProps) {
  const [thumbs, setThumbs] = useState<[string, string]>([
    initial?.thumbnailLinkUrlArray?.[0] ?? '',
    initial?.thumbnailLinkUrlArray?.[1] ?? '',
  ]);
  const [snippetLink, setSnippet] = useState(initial?.snippetLink ?? '');
  const [unlistedLink, setUnlisted] = useState(initial?.unlistedLink ?? '');
  const [videoDescription, setDescription] = useState(initial?.videoDescription ?? '');
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);

  const errors: FieldErrors = {
    thumbnail1: linkError(thumbs[0]) ?? serverErrors.thumbnail1,
    thumbnail2: linkError(thumbs[1]) ?? serverErrors.thumbnail2,
    snippetLink: linkError(snippetLink) ?? serverErrors.snippetLink,
    unlistedLink: linkError(unlistedLink) ?? serverErrors.unlistedLink,
    videoDescription: serverErrors.videoDescription,
  };
  const typedLinksValid = [thumbs[0], thumbs[1], snippetLink, unlistedLink].every((v) => !linkError(v));
  const canSubmit = thumbs.some((t) => t.trim() !== '') && typedLinksValid && !sending;
  const clear = (field: AssetField) => setServerErrors((e) => ({ ...e, [field]: undefined }));

  const submit = async () => {
    if (!canSubmit) return;
    setSending(true);
    try {
      await onSubmit({
        thumbnailLinkUrlArray: [thumbs[0].trim(), thumbs[1].trim()],
        snippetLink: snippetLink.trim(),
        unlistedLink: unlistedLink.trim(),
        videoDescription,
      });
    } catch (error) {
      const field = isApiError(error) ? fieldOf(error.field) : null;
      if (field && isApiError(error)) setServerErrors({ [field]: error.message });
    } finally {
      setSending(false);
    }
  };

  const thumbInput = (i: 0 | 1) => (
    <TextInput
      label={`Thumbnail link ${i + 1}`}
      placeholder="https://"
      type="url"
      required={i === 0}
      value={thumbs[i]}
      error={errors[i === 0 ? 'thumbnail1' : 'thumbnail2']}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setThumbs((t) => (i === 0 ? [value, t[1]] : [t[0], value]));
        clear(i === 0 ? 'thumbnail1' : 'thumbnail2');
      }}
      data-testid={`yt-thumbnail-${i + 1}`}
    />
  );

  return (
    <Modal opened onClose={onClose} title={`Move to ${YT_STATUS_LABELS[to]}`} centered radius="lg" size="lg">
      <form
        data-testid="yt-assets-dialog"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Text fz="sm" c="dimmed">
            {cardTitle}
          </Text>
          {thumbInput(0)}
          {thumbInput(1)}
          <TextInput
            label="Snippet link"
            placeholder="https://"
            type="url"
            value={snippetLink}
            error={errors.snippetLink}
            onChange={(e) => {
              setSnippet(e.currentTarget.value);
              clear('snippetLink');
            }}
            data-testid="yt-snippet-link"
          />
          <TextInput
            label="Unlisted video link"
            placeholder="https://"
            type="url"
            value={unlistedLink}
            error={errors.unlistedLink}
            onChange={(e) => {
              setUnlisted(e.currentTarget.value);
              clear('unlistedLink');
            }}
            data-testid="yt-unlisted-link"
          />
          <RichTextField
            label="Description"
            value={videoDescription}
            onChange={(html) => {
              setDescription(html);
              clear('videoDescription');
            }}
            error={errors.videoDescription}
            testId="yt-description"
          />
          <Group justify="space-between" gap="sm" mt="sm">
            <Button variant="subtle" color="gray" onClick={onClose} data-testid="yt-assets-close">
              Close
            </Button>
            <Group gap="sm">
              <Button variant="default" onClick={onSkip} disabled={sending} data-testid="yt-assets-skip">
                Skip
              </Button>
              <Button type="submit" disabled={!canSubmit} loading={sending} data-testid="yt-assets-submit">
                Submit
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
