/** The panel's colours, one palette for the web panel and the native one. */
export const colors = {
  background: '#0f172a',
  surface: '#1e293b',
  border: '#334155',
  text: '#f8fafc',
  muted: '#94a3b8',
  accent: '#38bdf8',
  ok: '#4ade80',
  warn: '#fbbf24',
  error: '#f87171',
};
