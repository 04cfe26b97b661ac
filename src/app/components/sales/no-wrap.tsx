// Keeps a short value (a period, an amount) on one line in a table cell that would otherwise wrap it.
import type { ReactNode } from 'react';

export const NoWrap = ({ children }: { children: ReactNode }) => <span style={{ whiteSpace: 'nowrap' }}>{children}</span>;
