import type { QueryParams } from '@bridgekit/core';
import {
  type PendingChange,
  sortParams,
  useBridgeApi,
  useBridgeInfiniteQuery,
  usePendingWrites,
} from '@bridgekit/react/hooks';
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
import { PENDING_WORDS } from './pendingWords';

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
  /**
   * Renders one row. Wrapped in a `Pressable` when `onItemPress` is set. With the offline queue,
   * `pending` is the change that waits for the row (`usePendingWrites().changeOf`), to draw a
   * mark of your own; `undefined` for the rest, and always without a queue. A row created
   * offline (`pending.kind === 'create'`) is the body it was sent with: only the fields it has,
   * no `id` unless the backend keeps client-made ids.
   *
   * @example
   * renderItem={(p, index, { pending }) => (
   *   <Text style={pending && { fontStyle: 'italic' }}>{p.name}</Text>
   * )}
   */
  renderItem: (
    item: T,
    index: number,
    info: { pending: PendingChange | undefined },
  ) => ReactElement | null;
  /**
   * The row's key. A row created offline, not on the server yet, is keyed by its write's id
   * instead (it may have no `id`).
   * @default (item) => String(item.id)
   */
  keyExtractor?: (item: T, index: number) => string;
  /**
   * Rows per page (the `limit` sent to the server); the next page loads near the end.
   * @default 20
   */
  pageSize?: number;
  /**
   * Called with the row when it is pressed. A row created offline is not pressable until the
   * server's row replaces it: there is no record to open yet.
   * @default undefined
   */
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
   * With the offline queue, what marks a row whose write waits (a row created offline, an edit
   * not sent yet, one that waits for the user), shown under the row; `false` for none, when
   * `renderItem` draws its own from `pending`. A mark below the row makes it taller: with
   * `getItemLayout`, draw the mark inside the row instead.
   * @default a `Text` that says "Change waiting to be sent", "… could not be sent", "… in
   * conflict with someone else's", "… may have been applied" or "… too old to be sent", by the
   * write's list
   * @example
   * pendingMark={(change) => <Text>{change.list === 'pending' ? 'Syncing…' : 'Needs you'}</Text>}
   */
  pendingMark?: false | ((change: PendingChange) => ReactNode);
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

const defaultPendingMark = (change: PendingChange): ReactNode => (
  <Text style={styles.pending}>{`Change ${PENDING_WORDS[change.list]}`}</Text>
);

/**
 * A `FlatList` over an endpoint: pull-to-refresh (`RefreshControl`), infinite scroll
 * (`onEndReached` loads the next page through `useBridgeInfiniteQuery`, never twice at once,
 * and stops when the server says there is no more), a loading footer, and empty and error
 * states.
 *
 * With the offline queue, the rows show the user's writes that wait, as `BridgeTable` does
 * (`usePendingWrites`): a row created offline at the top until the server's row replaces it, an
 * edit's fields in its row, a deleted row left out; an edit or a delete that waits for the user
 * (failed, a conflict) is marked, not shown as done. Each such row is marked (`pendingMark`,
 * `renderItem`'s `pending`).
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
  pendingMark = defaultPendingMark,
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
  // With the offline queue: the rows as the user's waiting writes leave them, rows created
  // offline first. Without one, `items` itself.
  const pending = usePendingWrites<T>(endpoint, instanceId);
  const rows = pending.rows(items);

  const retry = useCallback(() => {
    void refresh();
  }, [refresh]);

  // FlatList may call this several times near the end; loadMore ignores calls while a page
  // is in flight or when there is no next page.
  const onEndReached = useCallback(() => loadMore(), [loadMore]);

  // A row created offline may have no id: its write's id keys it.
  const keyOf = useCallback(
    (item: T, index: number) => {
      const change = pending.changeOf(item);
      return change?.kind === 'create' ? change.write.id : keyExtractor(item, index);
    },
    [pending, keyExtractor],
  );

  const renderRow = useCallback(
    ({ item, index }: ListRenderItemInfo<T>) => {
      const change = pending.changeOf(item);
      const row = renderItem(item, index, { pending: change });
      const mark = change && pendingMark ? pendingMark(change) : undefined;
      // A row created offline has no record on the server yet: nothing to open.
      if (onItemPress && change?.kind !== 'create') {
        return (
          <Pressable accessibilityRole="button" onPress={() => onItemPress(item)}>
            {row}
            {mark}
          </Pressable>
        );
      }
      if (mark === undefined) return row;
      return (
        <View>
          {row}
          {mark}
        </View>
      );
    },
    [pending, renderItem, pendingMark, onItemPress],
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
  ) : error && rows.length > 0 ? (
    // biome-ignore lint/complexity/noUselessFragments: FlatList takes an element, errorView may be any node.
    <>{errorView}</>
  ) : null;

  return (
    <FlatList<T>
      initialNumToRender={pageSize}
      {...flatListProps}
      data={rows}
      renderItem={renderRow}
      keyExtractor={keyOf}
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
  pending: { fontSize: 12, fontStyle: 'italic', paddingTop: 2 },
});
