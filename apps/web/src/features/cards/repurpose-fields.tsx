import { Checkbox, Group, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { MAX_REPURPOSE_SIZES, REPURPOSE_SIZES } from '@cutroom/domain';
import type { RequestValues } from './request-values';
import { RichTextField } from '../../components/rich-text-field';

/**
 * What repurposing needs (spec 000 §5): 1 or 2 sizes, the custom size with Other, an optional headline,
 * call to action and notes. Shared by the request form and the Enable repurpose modal.
 */
export function RepurposeFields({ form }: { form: UseFormReturnType<RequestValues> }) {
  const { values } = form;
  return (
    <>
      <Checkbox.Group
        size="md"
        label="Repurpose sizes"
        description={`Choose 1 or ${MAX_REPURPOSE_SIZES}`}
        required
        {...form.getInputProps('repurpose_aspect')}
        // Spec 000 §5: at two sizes the other boxes disable.
        maxSelectedValues={MAX_REPURPOSE_SIZES}
      >
        <Group gap="lg" mt={8}>
          {REPURPOSE_SIZES.map((option) => (
            <Checkbox key={option.value} value={option.value} label={option.label} size="sm" />
          ))}
        </Group>
      </Checkbox.Group>
      {values.repurpose_aspect.includes('other') && (
        <TextInput
          label="Custom size"
          description="e.g. 2:3 or 1080×1920"
          required
          maxLength={500}
          {...form.getInputProps('custom_repurpose_size')}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label="Headline"
          description="Optional"
          maxLength={500}
          {...form.getInputProps('repurpose_headline')}
        />
        <TextInput
          label="Call to action"
          description="Optional"
          maxLength={500}
          {...form.getInputProps('call_to_action')}
        />
      </SimpleGrid>
      <RichTextField
        label="Repurpose additional info"
        minHeight={80}
        value={values.repurpose_additional_info}
        onChange={(html) => form.setFieldValue('repurpose_additional_info', html)}
        error={form.errors.repurpose_additional_info}
      />
    </>
  );
}
