// Third-party backends for the dialect tests, started in-process on 127.0.0.1 with an
// OS-chosen port. Each starter takes its seed rows and resolves to { url, close }.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const clone = (value) => JSON.parse(JSON.stringify(value));

async function load(name) {
  try {
    return name === 'json-server-0' ? require(name) : await import(name);
  } catch (cause) {
    throw new Error(`${name} is missing: run "node scripts/install-backends.mjs"`, { cause });
  }
}

function listening(server) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.once('listening', () => resolve(server));
  });
}

function closer(server) {
  return () =>
    new Promise((resolve) => {
      server.closeAllConnections?.();
      server.close(() => resolve());
    });
}

/** json-server 1.x (`createApp` over a lowdb memory adapter). */
export async function startJsonServer1(data) {
  const { createApp } = await load('json-server/lib/app.js');
  const { Low, Memory } = await load('lowdb');
  const db = new Low(new Memory(), {});
  db.data = clone(data);
  const app = createApp(db, { logger: false });
  // tinyhttp's listen returns the node server.
  const server = app.listen(0, undefined, '127.0.0.1');
  await listening(server);
  return { url: `http://127.0.0.1:${server.address().port}`, db, close: closer(server) };
}

/** json-server 0.17 (`create()` + `router(object)`), installed under the alias json-server-0. */
export async function startJsonServer0(data) {
  const jsonServer = await load('json-server-0');
  const app = jsonServer.create();
  const router = jsonServer.router(clone(data));
  app.use(router);
  const server = app.listen(0, '127.0.0.1');
  await listening(server);
  return { url: `http://127.0.0.1:${server.address().port}`, db: router.db, close: closer(server) };
}

// What a Feathers 5 app's query schema does (Ajv with coerceTypes): REST query values arrive
// as text; '' becomes null (as for a nullable number field), the text 'null' stays a string.
function coerce(value) {
  if (Array.isArray(value)) return value.map(coerce);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, coerce(v)]));
  }
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (value === '') return null;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
    return Number(value);
  }
  return value;
}

/**
 * Feathers 5 on Koa: `users` and `products` memory services (paginated, default 10, max 50),
 * local + JWT authentication at `/authentication`, `products` behind `authenticate('jwt')`.
 * Real-time events over socket.io, sent as Feathers' generated channels send them: to the
 * connections that signed in (over the socket).
 */
export async function startFeathers({ users, products }) {
  const { feathers } = await load('@feathersjs/feathers');
  const koaPkg = await load('@feathersjs/koa');
  const { koa, rest, bodyParser, errorHandler, parseAuthentication } = koaPkg;
  const { MemoryService } = await load('@feathersjs/memory');
  const { AuthenticationService, JWTStrategy, authenticate } = await load(
    '@feathersjs/authentication',
  );
  const { LocalStrategy, hooks: local } = await load('@feathersjs/authentication-local');
  const { BadRequest } = await load('@feathersjs/errors');
  const { default: socketio } = await load('@feathersjs/socketio');

  const app = koa(feathers());
  app.set('authentication', {
    secret: 'dialect-tests-only-secret',
    entity: 'user',
    service: 'users',
    authStrategies: ['jwt', 'local'],
    jwtOptions: { expiresIn: '1d' },
    local: { usernameField: 'email', passwordField: 'password' },
  });
  app.use(errorHandler());
  app.use(parseAuthentication());
  app.use(bodyParser());
  app.configure(rest());
  app.configure(socketio({ cors: { origin: false } }));
  // Feathers' generated channels: a connection hears the services' events once it signed in.
  app.on('login', (_result, { connection }) => {
    if (connection) app.channel('authenticated').join(connection);
  });
  app.on('logout', (_result, { connection }) => {
    if (connection) app.channel('authenticated').leave(connection);
  });
  app.publish(() => app.channel('authenticated'));

  const auth = new AuthenticationService(app);
  auth.register('jwt', new JWTStrategy());
  auth.register('local', new LocalStrategy());
  app.use('authentication', auth);

  const paginate = { default: 10, max: 50 };
  app.use('users', new MemoryService({ paginate }));
  app.service('users').hooks({
    before: { create: [local.hashPassword('password')] },
    after: { all: [local.protect('password')] },
  });
  app.use('products', new MemoryService({ paginate, startId: 1 }));
  app.service('products').hooks({
    around: { all: [authenticate('jwt')] },
    before: {
      find: [
        async (context) => {
          context.params.query = coerce(context.params.query ?? {});
        },
      ],
      create: [
        async (context) => {
          const errors = {};
          if (typeof context.data.name !== 'string' || context.data.name === '') {
            errors.name = 'name is required';
          }
          if (typeof context.data.price !== 'number' || context.data.price < 0) {
            errors.price = 'price must be a number >= 0';
          }
          if (Object.keys(errors).length > 0) throw new BadRequest('Invalid product', { errors });
        },
      ],
    },
  });

  for (const user of users) await app.service('users').create(user);
  for (const product of products) await app.service('products').create(product);

  const server = await app.listen(0, '127.0.0.1');
  if (!server.listening) await listening(server);
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    app,
    close: closer(server),
  };
}
