import { useId, type ReactNode } from 'react';
import classes from './segmented.module.css';

interface SegmentedProps<V extends string> {
  value: V;
  onChange: (value: V) => void;
  data: readonly { value: V; label: ReactNode }[];
  /** Mantine's sm (the default) or xs, for controls inside a panel. */
  size?: 'sm' | 'xs';
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'data-testid'?: string;
}

/**
 * A choice of a few views as a row of radio buttons that looks like Mantine's SegmentedControl, without its
 * measured indicator (segmented.module.css says why): the arrow keys and labels are the browser's own.
 */
export function Segmented<V extends string>({ value, onChange, data, size = 'sm', ...rest }: SegmentedProps<V>) {
  const name = useId();
  return (
    <div role="radiogroup" className={classes.root} data-size={size} {...rest}>
      {data.map((item) => (
        <label key={item.value} className={classes.item} data-active={item.value === value || undefined}>
          <input
            type="radio"
            className={classes.input}
            name={name}
            value={item.value}
            checked={item.value === value}
            onChange={() => onChange(item.value)}
          />
          <span className={classes.label}>{item.label}</span>
        </label>
      ))}
    </div>
  );
}
