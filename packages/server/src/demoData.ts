import { hashPassword } from './password';
import { createPrng } from './prng';
import type { BridgeData, EntityRow } from './types';

/**
 * The demo users: e-mail, user name, password and type. Printed by the CLI.
 *
 * @example
 * const admin = DEMO_USERS.find((u) => u.userType === 'admin'); // admin@example.com / admin123
 */
export const DEMO_USERS = [
  {
    email: 'admin@example.com',
    userName: 'admin',
    password: 'admin123',
    userType: 'admin',
    name: 'Ada Admin',
  },
  {
    email: 'editor@example.com',
    userName: 'editor',
    password: 'editor123',
    userType: 'editor',
    name: 'Eddie Editor',
  },
  {
    email: 'viewer@example.com',
    userName: 'viewer',
    password: 'viewer123',
    userType: 'viewer',
    name: 'Vera Viewer',
  },
] as const;

const ADJECTIVES = [
  'Compact',
  'Deluxe',
  'Eco',
  'Classic',
  'Smart',
  'Rugged',
  'Mini',
  'Ultra',
  'Vintage',
  'Nordic',
  'Solar',
  'Silent',
];
// What each kind of product is, and the shop categories it may be filed under. Categories
// follow from the noun, so a tent is never a book; a few nouns fit two (a solar lamp for the
// garden, a bottle for sports), and the seed picks one of those.
const KINDS: ReadonlyArray<{ noun: string; categories: readonly string[] }> = [
  { noun: 'Lamp', categories: ['Home', 'Garden'] },
  { noun: 'Backpack', categories: ['Outdoor', 'Sports'] },
  { noun: 'Kettle', categories: ['Kitchen'] },
  { noun: 'Headphones', categories: ['Electronics'] },
  { noun: 'Notebook', categories: ['Books'] },
  { noun: 'Chair', categories: ['Home', 'Garden'] },
  { noun: 'Drill', categories: ['Tools'] },
  { noun: 'Bottle', categories: ['Kitchen', 'Sports'] },
  { noun: 'Camera', categories: ['Electronics'] },
  { noun: 'Blender', categories: ['Kitchen'] },
  { noun: 'Tent', categories: ['Outdoor'] },
  { noun: 'Keyboard', categories: ['Electronics'] },
  { noun: 'Mug', categories: ['Kitchen'] },
  { noun: 'Speaker', categories: ['Electronics'] },
];
const VERBS = [
  'Write',
  'Review',
  'Fix',
  'Plan',
  'Ship',
  'Test',
  'Design',
  'Deploy',
  'Refactor',
  'Document',
];
const TOPICS = [
  'login page',
  'search panel',
  'billing export',
  'release notes',
  'API docs',
  'table sorting',
  'cache layer',
  'onboarding email',
  'mobile layout',
  'error reporting',
  'data import',
  'settings form',
];
const STATUSES = ['todo', 'doing', 'done'] as const;
const ASSIGNEES = ['admin', 'editor', 'viewer'];

// Fixed epoch so dates never depend on the day the server starts.
const BASE_TIME = Date.UTC(2024, 0, 1);
const DAY = 86_400_000;

function pick<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)] as T;
}

/**
 * The deterministic demo data set: `users` (3, one per type), `products` (300) and `tasks`
 * (200). The same seed always gives the same rows.
 *
 * @example
 * const data = createDemoData();
 * data.entities.products.rows.length; // 300
 */
export function createDemoData(seed = 20240101): BridgeData {
  const rand = createPrng(seed);

  const users: EntityRow[] = DEMO_USERS.map((u, i) => ({
    id: String(i + 1),
    email: u.email,
    userName: u.userName,
    name: u.name,
    userType: u.userType,
    // A fixed salt per demo user keeps the data file identical between runs.
    passwordHash: hashPassword(u.password, Buffer.from(`bridgekit-demo-${u.userName}`)),
    createdAt: new Date(BASE_TIME).toISOString(),
  }));

  const products: EntityRow[] = [];
  for (let i = 1; i <= 300; i++) {
    const price = Math.round((1 + rand() * 499) * 100) / 100;
    const adjective = pick(rand, ADJECTIVES);
    const kind = pick(rand, KINDS);
    products.push({
      id: String(i),
      name: `${adjective} ${kind.noun} ${i}`,
      price,
      // Always one draw, even for a single category, so the values after it keep their seed.
      category: pick(rand, kind.categories),
      stock: Math.floor(rand() * 201),
      active: rand() < 0.8,
      createdAt: new Date(BASE_TIME + Math.floor(rand() * 365 * DAY)).toISOString(),
    });
  }

  const tasks: EntityRow[] = [];
  for (let i = 1; i <= 200; i++) {
    const hasDue = rand() < 0.85;
    const due = new Date(BASE_TIME + Math.floor(rand() * 365 * DAY)).toISOString().slice(0, 10);
    const hasAssignee = rand() < 0.8;
    tasks.push({
      id: String(i),
      title: `${pick(rand, VERBS)} ${pick(rand, TOPICS)} #${i}`,
      status: pick(rand, STATUSES),
      priority: 1 + Math.floor(rand() * 5),
      assignee: hasAssignee ? pick(rand, ASSIGNEES) : null,
      dueDate: hasDue ? due : null,
    });
  }

  return {
    version: 1,
    entities: {
      users: {
        schema: {
          id: { type: 'string' },
          email: { type: 'string', required: true },
          userName: { type: 'string' },
          name: { type: 'string' },
          userType: { type: 'string', required: true },
          password: { type: 'password', required: true },
          createdAt: { type: 'date' },
        },
        access: { read: ['admin'], write: ['admin'] },
        rows: users,
      },
      products: {
        schema: {
          id: { type: 'string' },
          name: { type: 'string', required: true },
          price: { type: 'number', required: true, min: 0 },
          category: { type: 'string' },
          stock: { type: 'integer', min: 0 },
          active: { type: 'boolean' },
          createdAt: { type: 'date' },
        },
        access: { read: ['authenticated'], write: ['admin', 'editor'] },
        rows: products,
      },
      tasks: {
        schema: {
          id: { type: 'string' },
          title: { type: 'string', required: true },
          status: { type: 'string', required: true, enum: ['todo', 'doing', 'done'] },
          priority: { type: 'integer', min: 1, max: 5 },
          assignee: { type: 'string' },
          dueDate: { type: 'date' },
        },
        access: { read: ['authenticated'], write: ['admin', 'editor'] },
        rows: tasks,
      },
    },
  };
}
