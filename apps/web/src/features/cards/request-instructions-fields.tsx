import { Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { RequestValues } from './request-values';
import { RichTextField } from '../../components/rich-text-field';
import { VoiceNoteField } from './voice-note-field';

interface RequestInstructionsFieldsProps {
  form: UseFormReturnType<RequestValues>;
  onVoiceNoteBusy: (busy: boolean) => void;
}

/** Step 2, first part: what the editor should know, written or spoken. */
export function RequestInstructionsFields({ form, onVoiceNoteBusy }: RequestInstructionsFieldsProps) {
  return (
    <Stack gap="lg">
      <RichTextField
        label="Additional info"
        description="The story, the style you like, reference videos, music"
        value={form.values.additional_info}
        onChange={(html) => form.setFieldValue('additional_info', html)}
        error={form.errors.additional_info}
        testId="additional-info"
      />
      <RichTextField
        label="Special instructions"
        description="Anything the editor must do or avoid"
        value={form.values.special_instructions}
        onChange={(html) => form.setFieldValue('special_instructions', html)}
        error={form.errors.special_instructions}
        testId="special-instructions"
      />
      <VoiceNoteField
        value={form.values.voice_note}
        onChange={(url) => form.setFieldValue('voice_note', url)}
        onBusyChange={onVoiceNoteBusy}
      />
    </Stack>
  );
}
