import { Segmented } from './field';
import { useTheme } from './use-theme';

/** System, Light or Dark; remembered per browser. */
export function ThemeSwitch() {
  const [choice, setChoice] = useTheme();
  return (
    <Segmented
      label="Theme"
      value={choice}
      onChange={setChoice}
      options={[
        { value: 'system', label: 'System' },
        { value: 'light', label: 'Light' },
        { value: 'dark', label: 'Dark' },
      ]}
    />
  );
}
