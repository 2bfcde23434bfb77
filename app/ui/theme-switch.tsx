import { Segmented } from './field';
import { setThemeChoice, useThemeChoice } from './use-theme';

/** System, Light or Dark; remembered per browser. */
export function ThemeSwitch() {
  return (
    <Segmented
      label="Theme"
      value={useThemeChoice()}
      onChange={setThemeChoice}
      options={[
        { value: 'system', label: 'System' },
        { value: 'light', label: 'Light' },
        { value: 'dark', label: 'Dark' },
      ]}
    />
  );
}
