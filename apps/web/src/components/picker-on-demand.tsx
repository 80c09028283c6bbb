import { useEffect, useState, type ComponentType } from 'react';
import { Input, InputBase, Loader, type InputBaseProps } from '@mantine/core';

/** A picker module's default export: the real field, opening itself when the click that loaded it asks. */
export type PickerModule<P> = { default: ComponentType<P & { openOnMount?: boolean }> };

interface PickerOnDemandProps<P> {
  load: () => Promise<PickerModule<P>>;
  /** What the real picker gets. */
  props: P;
  /** Loads at once, without a click (e.g. a value the closed field does not show as the picker would). */
  eager?: boolean;
  /** The closed field: the picker's size, label, test id and icon. */
  field: InputBaseProps & { 'aria-label': string; 'data-testid': string };
  /** The closed field's text: the value as the picker shows it, or null for the placeholder. */
  text: string | null;
  placeholder: string;
  /** Shown at the right while something outside the picker is busy (a save). */
  busy?: boolean;
}

/**
 * A date picker whose code (@mantine/dates and dayjs) loads on first use (issue 17): until then a closed
 * field of the same size and text stands in, kept mounted while the code loads, and the click that asked
 * for the picker opens it.
 */
export function PickerOnDemand<P extends object>({
  load,
  props,
  eager = false,
  field,
  text,
  placeholder,
  busy = false,
}: PickerOnDemandProps<P>) {
  const [Picker, setPicker] = useState<PickerModule<P>['default'] | null>(null);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (!opened && !eager) return;
    let live = true;
    void load().then((m) => live && setPicker(() => m.default));
    return () => {
      live = false;
    };
  }, [opened, eager, load]);
  if (Picker) return <Picker {...props} openOnMount={opened} />;
  return (
    <InputBase
      component="button"
      type="button"
      pointer
      size="sm"
      {...field}
      rightSection={opened || busy ? <Loader size={14} /> : null}
      // Pointer or focus on the field fetches the code; the click swaps in the picker, open.
      onPointerEnter={() => void load()}
      onFocus={() => void load()}
      onClick={() => setOpened(true)}
    >
      {text ?? <Input.Placeholder>{placeholder}</Input.Placeholder>}
    </InputBase>
  );
}
