import { BridgeTable, BridgeView, type ColumnDef } from '@bridgekit/react';
import type { Task } from '../types';

const taskColumns: ColumnDef<Task>[] = [
  { key: 'title', header: 'Title' },
  {
    key: 'status',
    header: 'Status',
    render: (status) => <span className={`status ${status}`}>{status}</span>,
  },
  { key: 'priority', header: 'Priority' },
  { key: 'assignee', header: 'Assignee' },
  { key: 'dueDate', header: 'Due', render: (due) => (due ? String(due).slice(0, 10) : '') },
];

const fallback = (
  <div className="card fallback" data-testid="admin-fallback" role="note">
    <h1>Admins only</h1>
    <p>
      This section is wrapped in <code>&lt;BridgeView allowedTypes="admin"&gt;</code>. You are
      signed in with another user type, so you see this fallback instead. Sign in as{' '}
      <code>admin@example.com</code> to see it.
    </p>
    <p>
      <a href="#/products">Back to the products</a>
    </p>
  </div>
);

/** The admin-only section: the team's tasks, visible to `admin` users only. */
export function AdminPage() {
  return (
    <BridgeView
      allowedTypes="admin"
      fallback={fallback}
      loadingComponent={<p className="muted">Loading…</p>}
    >
      <section className="card" data-testid="admin-section">
        <h1>Admin: team tasks</h1>
        <p className="muted">
          Rendered by <code>&lt;BridgeView allowedTypes="admin"&gt;</code> for admins only.
        </p>
        <BridgeTable endpoint="/tasks" columns={taskColumns} pageSize={8} />
      </section>
    </BridgeView>
  );
}
