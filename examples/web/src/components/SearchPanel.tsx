import {
  FILTER_OPERATORS,
  type FilterOperator,
  type SearchQuery,
  useSearchQueryBuilder,
} from '@bridgekit/react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { containsPattern } from '../likePattern';
import type { Product } from '../types';
import { SearchResults } from './SearchResults';

const FIELDS = ['name', 'price', 'category', 'stock', 'active'] as const;

/** The operators offered: the hooks' own, plus `contains`, which the panel turns into `ilike`. */
type Choice = FilterOperator | 'contains';
const CHOICES: readonly Choice[] = ['contains', ...FILTER_OPERATORS];

interface Row {
  id: number;
  field: string;
  operator: Choice;
  value: string;
}

let rowId = 0;
const newRow = (): Row => ({ id: ++rowId, field: 'name', operator: 'contains', value: '' });

/** The operator and value a filter row sends: lists for in/nin, `true` for the null checks. */
function toFilter(row: Row): [FilterOperator, unknown] {
  if (row.operator === 'contains') return ['ilike', containsPattern(row.value)];
  if (row.operator === 'in' || row.operator === 'nin')
    return [row.operator, row.value.split(',').map((v) => v.trim())];
  if (row.operator === 'null' || row.operator === 'nnull') return [row.operator, true];
  return [row.operator, row.value];
}

/** What a filter row with `operator` keeps, and what it sends for `field`. */
function operatorHelp(operator: Choice, field: string): ReactNode {
  const sends = (wire: string) => (
    <>
      {' '}
      It sends <code>{wire}</code>.
    </>
  );
  const like = (
    <>
      {' '}
      Without <code>%</code> that is an exact match (<code>ilike desk</code> finds only “desk”);{' '}
      <code>%</code> stands for any run of characters, <code>_</code> for one.
    </>
  );
  switch (operator) {
    case 'contains':
      return (
        <>
          <strong>contains</strong> finds your text anywhere in the value, ignoring case: it sends{' '}
          <code>ilike %text%</code>, with <code>%</code>, <code>_</code> and <code>\</code> in your
          text escaped so they match themselves. (<strong>like</strong> and <strong>ilike</strong>{' '}
          compare the whole value instead: without <code>%</code> they are exact matches.)
        </>
      );
    case 'eq':
      return (
        <>
          <strong>eq</strong> keeps the rows whose {field} is exactly your value (case counts).
          {sends(`${field}=value`)}
        </>
      );
    case 'ne':
      return (
        <>
          <strong>ne</strong> keeps the rows whose {field} is anything but your value.
          {sends(`${field}[ne]=value`)}
        </>
      );
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      const words = {
        gt: 'greater than',
        gte: 'greater than or equal to',
        lt: 'less than',
        lte: 'less than or equal to',
      }[operator];
      return (
        <>
          <strong>{operator}</strong> keeps the rows whose {field} is {words} your value (numbers by
          size, text in alphabetical order).{sends(`${field}[${operator}]=value`)}
        </>
      );
    }
    case 'like':
      return (
        <>
          <strong>like</strong> compares the whole {field} with your pattern, case counting.
          {like}
        </>
      );
    case 'ilike':
      return (
        <>
          <strong>ilike</strong> compares the whole {field} with your pattern, ignoring case.
          {like}
        </>
      );
    case 'in':
      return (
        <>
          <strong>in</strong> keeps the rows whose {field} is one of your values, separated by
          commas (<code>Home, Garden</code>).{sends(`${field}[in]=a,b`)}
        </>
      );
    case 'nin':
      return (
        <>
          <strong>nin</strong> keeps the rows whose {field} is none of your values, separated by
          commas.{sends(`${field}[nin]=a,b`)}
        </>
      );
    case 'null':
      return (
        <>
          <strong>null</strong> keeps the rows without a {field}; it takes no value.
          {sends(`${field}[null]=true`)}
        </>
      );
    case 'nnull':
      return (
        <>
          <strong>nnull</strong> keeps the rows that have a {field}; it takes no value.
          {sends(`${field}[nnull]=true`)}
        </>
      );
  }
}

/**
 * Rows of field, operator and value, edited locally and handed to `useSearchQueryBuilder` on
 * "Apply": the builder's query then drives a `search` query.
 */
export function SearchPanel({ onDelete }: { onDelete: (product: Product) => void }) {
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
      if (!needsValue || row.value.trim() !== '') builder.addFilter(row.field, ...toFilter(row));
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
              aria-describedby={`operator-help-${row.id}`}
              value={row.operator}
              onChange={(e) => change(row.id, { operator: e.target.value as Choice })}
            >
              {CHOICES.map((op) => (
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
            <p className="help" id={`operator-help-${row.id}`} data-testid="operator-help">
              {operatorHelp(row.operator, row.field)}
            </p>
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
      {applied && (
        <SearchResults
          query={builder.query as SearchQuery}
          onPage={builder.setPage}
          onDelete={onDelete}
        />
      )}
    </section>
  );
}
