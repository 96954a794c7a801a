/** The native panel's look. */
import { StyleSheet } from 'react-native';
import { colors } from '../palette';

export { colors };

export const styles = StyleSheet.create({
  fab: {
    position: 'absolute',
    right: 16,
    bottom: 32,
    minWidth: 48,
    minHeight: 48,
    borderRadius: 24,
    backgroundColor: colors.background,
    borderColor: colors.border,
    borderWidth: 1,
    alignItems: 'center',
    justifyContent: 'center',
  },
  fabText: { color: colors.text, fontWeight: '600' },
  // Below the status bar without react-native-safe-area-context (React Native's own is deprecated).
  panel: { flex: 1, paddingTop: 32, backgroundColor: colors.background },
  header: {
    flexDirection: 'row',
    flexWrap: 'wrap',
    alignItems: 'center',
    padding: 8,
    borderBottomColor: colors.border,
    borderBottomWidth: 1,
  },
  chip: {
    paddingHorizontal: 10,
    paddingVertical: 8,
    marginRight: 6,
    marginBottom: 4,
    borderRadius: 4,
    backgroundColor: colors.surface,
  },
  chipSelected: { backgroundColor: colors.accent },
  chipText: { color: colors.text },
  chipTextSelected: { color: colors.background, fontWeight: '600' },
  body: { flex: 1, padding: 8 },
  text: { color: colors.text },
  muted: { color: colors.muted },
  heading: { color: colors.accent, fontWeight: '600', marginTop: 10, marginBottom: 4 },
  item: { paddingVertical: 8, borderBottomColor: colors.border, borderBottomWidth: 1 },
  code: { color: colors.text, fontFamily: 'monospace' },
  row: { flexDirection: 'row', flexWrap: 'wrap', alignItems: 'center' },
});
