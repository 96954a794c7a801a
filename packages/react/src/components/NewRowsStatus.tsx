import type { ReactNode } from 'react';
import type { LiveNewRowsState } from '../hooks/internal/liveQuery';
import type { BridgeTableClassNames } from './BridgeTableProps';

/** Class names joined, the empty ones left out. */
export const cx = (...names: Array<string | false | null | undefined>) =>
  names.filter(Boolean).join(' ');

/**
 * `BridgeTable`'s "n new rows" status (`liveNewRows`): in the page from the table's first
 * render, empty until records are created, so that the live region announces the change; its
 * Show button fetches them. Internal.
 */
export function NewRowsStatus({
  newRows,
  classNames,
}: {
  newRows: LiveNewRowsState | undefined;
  classNames: BridgeTableClassNames;
}): ReactNode {
  const count = newRows?.count ?? 0;
  return (
    <div className={cx('bk-table__new-rows', classNames.newRows)} role="status">
      {count > 0 && (
        <>
          {count === 1 ? '1 new row' : `${count} new rows`}{' '}
          <button
            type="button"
            className={cx('bk-table__show-new', classNames.showNew)}
            onClick={newRows!.show}
          >
            Show
          </button>
        </>
      )}
    </div>
  );
}
