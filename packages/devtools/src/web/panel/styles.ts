/**
 * The panel's look: inline styles, and a few rules inline styles cannot say (focus rings, the
 * narrow layout) in a stylesheet the panel renders, scoped to its root.
 */
import type { CSSProperties } from 'react';
import { colors } from '../../palette';

export { colors };

/**
 * The rules scoped to the panel root (`[data-bridgekit-panel]`). They set what an app's own
 * stylesheet may set on the same elements (a muted `th` color the panel's background makes
 * unreadable), so the panel reads the same in every app.
 */
export const SCOPED_CSS = `
[data-bridgekit-panel] *{box-sizing:border-box}
[data-bridgekit-panel] :focus-visible{outline:2px solid ${colors.accent};outline-offset:2px}
[data-bridgekit-panel] button{font:inherit;color:inherit;background:${colors.surface};border:1px solid ${colors.border};border-radius:4px;padding:4px 8px;cursor:pointer;min-height:32px}
[data-bridgekit-panel] button:disabled{opacity:.5;cursor:default}
[data-bridgekit-panel] pre{white-space:pre-wrap;word-break:break-all;margin:0}
[data-bridgekit-panel] table{border-collapse:collapse;width:100%}
[data-bridgekit-panel] th,[data-bridgekit-panel] td{text-align:left;padding:2px 6px;border-bottom:1px solid ${colors.border};vertical-align:top;word-break:break-all;color:inherit;background:none}
[data-bridgekit-panel] th{color:${colors.muted};font-weight:600}
[data-bridgekit-panel] select,[data-bridgekit-panel] textarea{font:inherit;color:inherit;background:${colors.surface};border:1px solid ${colors.border};border-radius:4px;max-width:100%}
`;

export const panel: CSSProperties = {
  position: 'fixed',
  left: 0,
  right: 0,
  bottom: 0,
  height: 'min(70vh, 560px)',
  zIndex: 2147483647,
  display: 'flex',
  flexDirection: 'column',
  background: colors.background,
  color: colors.text,
  borderTop: `2px solid ${colors.accent}`,
  font: '13px/1.4 system-ui, sans-serif',
};

export const header: CSSProperties = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: 8,
  padding: '6px 8px',
  borderBottom: `1px solid ${colors.border}`,
};

export const tab = (selected: boolean): CSSProperties => ({
  background: selected ? colors.accent : colors.surface,
  color: selected ? colors.background : colors.text,
  fontWeight: selected ? 600 : 400,
});

export const body: CSSProperties = { flex: 1, overflow: 'auto', padding: 8 };

/** Two columns that fall under each other on a narrow screen. */
export const columns: CSSProperties = { display: 'flex', flexWrap: 'wrap', gap: 8 };
export const column = (grow: number): CSSProperties => ({
  flex: `${grow} 1 300px`,
  minWidth: 0,
});

export const row: CSSProperties = {
  display: 'flex',
  flexWrap: 'wrap',
  gap: 6,
  alignItems: 'center',
  margin: '4px 0',
};

export const list: CSSProperties = { listStyle: 'none', margin: 0, padding: 0 };

export const muted: CSSProperties = { color: colors.muted };

export const heading: CSSProperties = { fontSize: 13, margin: '10px 0 4px', color: colors.accent };

export const statusColor = (status: number | undefined): string => {
  if (status === undefined) return colors.muted;
  if (status >= 200 && status < 300) return colors.ok;
  if (status >= 400 || status === 0) return colors.error;
  return colors.warn;
};
