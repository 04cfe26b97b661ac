// A few line icons drawn inline (24x24 strokes), so the shell needs no icon package. Menu entries name theirs by `icon`.
import type { SVGProps } from 'react';

const paths: Record<string, string[]> = {
  'chart-bar': ['M3 13h4v7H3z', 'M10 8h4v12h-4z', 'M17 4h4v16h-4z'],
  report: ['M8 5H6a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2h-2', 'M9 3h6v4H9z', 'M9 14l2 2 4-4'],
  database: ['M4 6c0 1.7 3.6 3 8 3s8-1.3 8-3-3.6-3-8-3-8 1.3-8 3', 'M4 6v6c0 1.7 3.6 3 8 3s8-1.3 8-3V6', 'M4 12v6c0 1.7 3.6 3 8 3s8-1.3 8-3v-6'],
  building: ['M3 21h18', 'M5 21V7l8-4v18', 'M19 21V11l-6-4', 'M9 9v.01M9 12v.01M9 15v.01M9 18v.01'],
  settings: [
    'M10.3 4.3c.4-1.8 3-1.8 3.4 0a1.7 1.7 0 0 0 2.6 1.1c1.5-.9 3.3.8 2.4 2.4a1.7 1.7 0 0 0 1 2.5c1.9.5 1.9 3 0 3.5a1.7 1.7 0 0 0-1 2.5c.9 1.6-.9 3.3-2.4 2.4a1.7 1.7 0 0 0-2.6 1c-.4 1.9-3 1.9-3.4 0a1.7 1.7 0 0 0-2.6-1c-1.5.9-3.3-.8-2.4-2.4a1.7 1.7 0 0 0-1-2.5c-1.9-.5-1.9-3 0-3.5a1.7 1.7 0 0 0 1-2.5c-.9-1.6.9-3.3 2.4-2.4 1 .6 2.3.1 2.6-1.1',
    'M9 12a3 3 0 1 0 6 0 3 3 0 0 0-6 0',
  ],
  home: ['M5 12H3l9-9 9 9h-2', 'M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7', 'M9 21v-6a2 2 0 0 1 2-2h2a2 2 0 0 1 2 2v6'],
  user: ['M8 7a4 4 0 1 0 8 0 4 4 0 0 0-8 0', 'M6 21v-2a4 4 0 0 1 4-4h4a4 4 0 0 1 4 4v2'],
  logout: ['M14 8V6a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h7a2 2 0 0 0 2-2v-2', 'M9 12h12l-3-3', 'M18 15l3-3'],
  key: ['M16.5 3a4.5 4.5 0 1 1-3.8 7L5 17.6V21h3v-2h2v-2h2l1.3-1.3', 'M15 7h.01'],
  language: ['M4 5h7', 'M9 3v2c0 4.4-2.2 8-5 8', 'M5 9c0 2.1 2.9 3.9 6.6 4', 'M12 20l4-9 4 9', 'M19.1 18h-6.2'],
  lock: ['M5 13a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2z', 'M11 16a1 1 0 1 0 2 0 1 1 0 0 0-2 0', 'M8 11V7a4 4 0 1 1 8 0v4'],
  'wifi-off': ['M12 18h.01', 'M9.2 15.2a4 4 0 0 1 5.6 0', 'M6.3 12.3a8 8 0 0 1 3.4-2', 'M13.8 10.2a8 8 0 0 1 3.9 2.1', 'M3.5 9.5a12 12 0 0 1 3.5-2.4', 'M10.5 6.1a12 12 0 0 1 10 3.4', 'M3 3l18 18'],
  alert: ['M12 9v4', 'M10.4 3.9L2.4 17.5a1.9 1.9 0 0 0 1.6 2.8h16a1.9 1.9 0 0 0 1.6-2.8L13.6 3.9a1.9 1.9 0 0 0-3.2 0', 'M12 16h.01'],
  search: ['M3 10a7 7 0 1 0 14 0 7 7 0 1 0-14 0', 'M21 21l-6-6'],
  dot: ['M11 12a1 1 0 1 0 2 0 1 1 0 1 0-2 0'],
  hourglass: ['M6 3h12', 'M6 21h12', 'M7 3c0 4 5 5 5 9s-5 5-5 9', 'M17 3c0 4-5 5-5 9s5 5 5 9'],
  refresh: ['M20 11a8 8 0 0 0-14.8-4', 'M4 4v4h4', 'M4 13a8 8 0 0 0 14.8 4', 'M20 20v-4h-4'],
};

export interface IconProps extends SVGProps<SVGSVGElement> {
  name: string;
  size?: number;
}

/** An inline icon by name; unknown names draw a small dot. */
export function Icon({ name, size = 18, ...rest }: IconProps) {
  const d = paths[name] ?? paths.dot;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {d.map((p) => (
        <path key={p} d={p} />
      ))}
    </svg>
  );
}
