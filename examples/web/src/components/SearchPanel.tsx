import {
  FILTER_OPERATORS,
  type FilterOperator,
  type SearchQuery,
  useSearchQueryBuilder,
} from '@bridgekit/react';
import { type FormEvent, useState } from 'react';
import { SearchResults } from './SearchResults';

const FIELDS = ['name', 'price', 'category', 'stock', 'active'] as const;

interface Row {
  id: number;
  field: string;
  operator: FilterOperator;
  value: string;
}

let rowId = 0;
const newRow = (): Row => ({ id: ++rowId, field: 'price', operator: 'gte', value: '' });

/** The value a filter row sends: lists for in/nin, `true` for the null checks. */
function filterValue(row: Row): unknown {
  if (row.operator === 'in' || row.operator === 'nin')
    return row.value.split(',').map((v) => v.trim());
  if (row.operator === 'null' || row.operator === 'nnull') return true;
  return row.value;
}

/**
 * Rows of field, operator and value, edited locally and handed to `useSearchQueryBuilder` on
 * "Apply": the builder's query then drives a `search` query.
 */
export function SearchPanel() {
  const builder = useSearchQueryBuilder();
  const [rows, setRows] = useState<Row[]>(() => [newRow()]);
  const [text, setText] = useState('');
  const [applied, setApplied] = useState(false);

  const change = (id: number, patch: Partial<Row>) =>
    setRows((all) => all.map((row) => (row.id === id ? { ...row, ...patch } : row)));

  const apply = (event: FormEvent) => {
    event.preventDefault();
    builder.clearFilters();
    for (const row of rows) {
      const needsValue = row.operator !== 'null' && row.operator !== 'nnull';
      if (!needsValue || row.value.trim() !== '')
        builder.addFilter(row.field, row.operator, filterValue(row));
    }
    builder.setQuery(text);
    builder.setPage(1);
    builder.setLimit(10);
    setApplied(true);
  };

  const clear = () => {
    builder.reset();
    setRows([newRow()]);
    setText('');
    setApplied(false);
  };

  return (
    <section className="card" data-testid="search-panel">
      <h2>Search</h2>
      <form onSubmit={apply} className="search">
        <label className="wide">
          Text
          <input
            name="q"
            placeholder="matches any text field"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </label>
        {rows.map((row, index) => (
          <div className="filter-row" key={row.id} data-testid="filter-row">
            <select
              aria-label={`Field ${index + 1}`}
              value={row.field}
              onChange={(e) => change(row.id, { field: e.target.value })}
            >
              {FIELDS.map((f) => (
                <option key={f}>{f}</option>
              ))}
            </select>
            <select
              aria-label={`Operator ${index + 1}`}
              value={row.operator}
              onChange={(e) => change(row.id, { operator: e.target.value as FilterOperator })}
            >
              {FILTER_OPERATORS.map((op) => (
                <option key={op}>{op}</option>
              ))}
            </select>
            <input
              aria-label={`Value ${index + 1}`}
              value={row.value}
              disabled={row.operator === 'null' || row.operator === 'nnull'}
              onChange={(e) => change(row.id, { value: e.target.value })}
            />
            <button
              type="button"
              className="link"
              aria-label={`Remove filter ${index + 1}`}
              onClick={() => setRows((all) => all.filter((r) => r.id !== row.id))}
            >
              ✕
            </button>
          </div>
        ))}
        <div className="actions">
          <button
            type="button"
            className="secondary"
            onClick={() => setRows((all) => [...all, newRow()])}
          >
            Add filter
          </button>
          <button type="submit" data-testid="search-apply">
            Apply
          </button>
          <button type="button" className="secondary" onClick={clear}>
            Clear
          </button>
        </div>
      </form>
      {applied && <SearchResults query={builder.query as SearchQuery} onPage={builder.setPage} />}
    </section>
  );
}
