// The Mantine theme: defaults with a calm indigo primary colour and the system font stack (no web fonts to fetch offline).
import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: 7,
  defaultRadius: 'md',
  fontFamily:
    "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans TC', 'PingFang TC', 'Microsoft JhengHei', sans-serif",
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
});
