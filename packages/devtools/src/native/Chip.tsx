/** A small pressable label: a tab, an instance, an action of the native panel. */
import type { ReactNode } from 'react';
import { Pressable, Text } from 'react-native';
import { styles } from './nativeStyles';

/**
 * A chip. `selected` marks the current tab or instance (for screen readers too).
 *
 * @example
 * <Chip label="Requests" role="tab" selected onPress={() => show('Requests')} />
 */
export function Chip({
  label,
  onPress,
  selected = false,
  role = 'button',
  accessibilityLabel,
}: {
  label: string;
  onPress(): void;
  selected?: boolean;
  role?: 'button' | 'tab';
  accessibilityLabel?: string;
}): ReactNode {
  return (
    <Pressable
      accessibilityRole={role}
      accessibilityLabel={accessibilityLabel ?? label}
      accessibilityState={{ selected }}
      onPress={onPress}
      style={[styles.chip, selected && styles.chipSelected]}
    >
      <Text style={selected ? styles.chipTextSelected : styles.chipText}>{label}</Text>
    </Pressable>
  );
}
