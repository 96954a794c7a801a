import type { QueryParams } from '@bridgekit/core';
import { sortParams, useBridgeApi, useBridgeInfiniteQuery } from '@bridgekit/react/hooks';
import { type ReactElement, type ReactNode, useCallback, useMemo } from 'react';
import {
  ActivityIndicator,
  FlatList,
  type FlatListProps,
  type ListRenderItemInfo,
  Pressable,
  RefreshControl,
  StyleSheet,
  Text,
  View,
} from 'react-native';

/** Props of {@link BridgeList}; other `FlatList` props (`style`, `ItemSeparatorComponent`...) pass through. */
export interface BridgeListProps<T>
  extends Omit<
    FlatListProps<T>,
    | 'data'
    | 'renderItem'
    | 'keyExtractor'
    | 'onEndReached'
    | 'refreshControl'
    | 'refreshing'
    | 'onRefresh'
    | 'ListEmptyComponent'
    | 'ListFooterComponent'
  > {
  /** Path of the collection under the instance's base URL, e.g. `'/products'`. */
  endpoint: string;
  /** Renders one row. Wrapped in a `Pressable` when `onItemPress` is set. */
  renderItem: (item: T, index: number) => ReactElement | null;
  /**
   * The row's key.
   * @default (item) => String(item.id)
   */
  keyExtractor?: (item: T, index: number) => string;
  /**
   * Rows per page (the `limit` sent to the server); the next page loads near the end.
   * @default 20
   */
  pageSize?: number;
  /** Called with the row when it is pressed. @default undefined */
  onItemPress?: (item: T) => void;
  /**
   * Sorting sent with every page. To let users sort, keep a `BridgeSort` in state, cycle it
   * with `nextSort` (as `BridgeTable`'s headers do) and pass `sort?.key` / `sort?.dir`.
   * @default undefined
   */
  orderBy?: string;
  /** @default 'asc' when orderBy is set */
  orderDir?: 'asc' | 'desc';
  /**
   * How close to the end (in visible lengths) the next page starts loading.
   * @default 0.5
   */
  onEndReachedThreshold?: number;
  /** Shown instead of the rows while the first page loads. @default <ActivityIndicator /> */
  loadingComponent?: ReactNode;
  /** Shown when the collection is empty. @default <Text>No items</Text> */
  emptyComponent?: ReactNode;
  /**
   * Shown when a page failed to load; `retry` loads it again.
   * @default the error message and a "Try again" button
   */
  errorComponent?: (error: Error, retry: () => void) => ReactNode;
  /**
   * The provider instance whose client loads the list.
   * @default the provider's default instance
   */
  instanceId?: string;
}

function defaultKeyExtractor(item: unknown, index: number): string {
  const id = (item as { id?: unknown } | null)?.id;
  return id === undefined || id === null ? String(index) : String(id);
}

/**
 * A `FlatList` over an endpoint: pull-to-refresh (`RefreshControl`), infinite scroll
 * (`onEndReached` loads the next page through `useBridgeInfiniteQuery`, never twice at once,
 * and stops when the server says there is no more), a loading footer, and empty and error
 * states.
 *
 * @example
 * <BridgeList<Product>
 *   endpoint="/products"
 *   pageSize={20}
 *   renderItem={(p) => <Text>{p.name} — {p.price}</Text>}
 *   onItemPress={(p) => navigation.navigate('Product', { id: p.id })}
 * />
 */
export function BridgeList<T>({
  endpoint,
  renderItem,
  keyExtractor = defaultKeyExtractor,
  pageSize = 20,
  onItemPress,
  orderBy,
  orderDir,
  onEndReachedThreshold = 0.5,
  loadingComponent,
  emptyComponent,
  errorComponent,
  instanceId,
  ...flatListProps
}: BridgeListProps<T>): ReactNode {
  if (!Number.isInteger(pageSize) || pageSize < 1) {
    throw new RangeError(`BridgeList: "pageSize" must be a positive integer, got ${pageSize}`);
  }
  // `T` is this component's own type parameter: TypeScript cannot tell that it was given (once
  // a document is registered, useBridgeApi's untyped form wants that), hence the cast.
  const service = useBridgeApi<T>(
    useMemo(() => ({ endpoint: endpoint as never }), [endpoint]),
    instanceId,
  );
  // The same sort as BridgeTable's (`sortParams`), so a header cycling it with `nextSort` works.
  const params = useMemo<QueryParams>(
    () => ({
      limit: pageSize,
      ...sortParams(orderBy === undefined ? null : { key: orderBy, dir: orderDir ?? 'asc' }),
    }),
    [pageSize, orderBy, orderDir],
  );
  const { items, isLoading, isLoadingMore, isRefreshing, error, loadMore, refresh } =
    useBridgeInfiniteQuery<T>(service, params);

  const retry = useCallback(() => {
    void refresh();
  }, [refresh]);

  // FlatList may call this several times near the end; loadMore ignores calls while a page
  // is in flight or when there is no next page.
  const onEndReached = useCallback(() => loadMore(), [loadMore]);

  const renderRow = useCallback(
    ({ item, index }: ListRenderItemInfo<T>) => {
      const row = renderItem(item, index);
      if (!onItemPress) return row;
      return (
        <Pressable accessibilityRole="button" onPress={() => onItemPress(item)}>
          {row}
        </Pressable>
      );
    },
    [renderItem, onItemPress],
  );

  const errorView = error
    ? (errorComponent?.(error, retry) ?? (
        <View style={styles.state} accessibilityRole="alert">
          <Text>{error.message}</Text>
          <Pressable accessibilityRole="button" onPress={retry} style={styles.retry}>
            <Text>Try again</Text>
          </Pressable>
        </View>
      ))
    : null;

  let empty: ReactNode;
  if (isLoading) {
    empty = loadingComponent ?? (
      <View style={styles.state}>
        <ActivityIndicator accessibilityLabel="Loading" />
      </View>
    );
  } else if (error) empty = errorView;
  else {
    empty = emptyComponent ?? (
      <View style={styles.state}>
        <Text>No items</Text>
      </View>
    );
  }

  const footer = isLoadingMore ? (
    <View style={styles.footer}>
      <ActivityIndicator accessibilityLabel="Loading more" />
    </View>
  ) : error && items.length > 0 ? (
    // biome-ignore lint/complexity/noUselessFragments: FlatList takes an element, errorView may be any node.
    <>{errorView}</>
  ) : null;

  return (
    <FlatList<T>
      initialNumToRender={pageSize}
      {...flatListProps}
      data={items}
      renderItem={renderRow}
      keyExtractor={keyExtractor}
      onEndReached={onEndReached}
      onEndReachedThreshold={onEndReachedThreshold}
      refreshControl={<RefreshControl refreshing={isRefreshing} onRefresh={retry} />}
      // biome-ignore lint/complexity/noUselessFragments: FlatList takes an element, `empty` may be any node.
      ListEmptyComponent={<>{empty}</>}
      ListFooterComponent={footer}
    />
  );
}

const styles = StyleSheet.create({
  state: { padding: 24, alignItems: 'center', gap: 12 },
  retry: { paddingVertical: 8, paddingHorizontal: 16 },
  footer: { paddingVertical: 16 },
});
