// Headless host: `npm run host -- --name "Friday table" --port 47470 --data-dir DIR [--no-discovery]`.
// The same host as the desktop app's, without Electron; `npm run build` builds it into out/main/cli.js.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_HISTORY_LIMITS, DEFAULT_PORT, startHost } from './host';
import { HISTORY_GAMES_MAX, HISTORY_MB_MAX } from './host/history/limits';
import { watchParent } from './parent-watch';
import { parsePeer } from './host/hand-over/http';
import { handOverFromCommand } from './hand-over-command';

const USAGE = `usage: npm run host -- [--name NAME] [--port PORT] [--data-dir DIR] [--bind ADDRESS]
                      [--static DIR] [--allow-origin URL]... [--no-discovery]
                      [--history-games N] [--history-mb MB]
                      [--receive] [--hand-over-to ADDRESS[:PORT]]
  --name       shown to players (default: this computer's name)
  --port       default ${DEFAULT_PORT}; a free port is used when it is taken (0: any free port)
  --data-dir   where tables are saved (default: ~/.red7-lan/host)
  --bind       address to listen on (default 0.0.0.0: every interface)
  --static     built renderer to serve to browsers (default: out/renderer when built)
  --allow-origin  also accept WebSockets from pages of this origin (e.g. http://localhost:5173,
               the renderer's dev server); repeatable
  --no-discovery  do not announce tables by mDNS (players join by address)
  --history-games  finished games kept in the history (default ${DEFAULT_HISTORY_LIMITS.maxGames}); the oldest go first
  --history-mb     megabytes of finished games kept (default ${DEFAULT_HISTORY_LIMITS.maxBytes / 2 ** 20})
  --receive    take over the tables of another host that asks (its person types the code printed here);
               announced on the LAN as a hand-over target unless --no-discovery
  --hand-over-to  hand every table over to the host at ADDRESS[:PORT] (default port ${DEFAULT_PORT}): asks it,
               reads the code its person reads out from stdin, prints what moved, then quits`;

function fail(message: string): never {
  console.error(`red7 host: ${message}\n${USAGE}`);
  process.exit(2);
}

function parse() {
  try {
    return parseArgs({
      options: {
        name: { type: 'string' },
        port: { type: 'string' },
        'data-dir': { type: 'string' },
        bind: { type: 'string' },
        static: { type: 'string' },
        'allow-origin': { type: 'string', multiple: true },
        'no-discovery': { type: 'boolean' },
        'history-games': { type: 'string' },
        'history-mb': { type: 'string' },
        receive: { type: 'boolean' },
        'hand-over-to': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (e) {
    fail((e as Error).message);
  }
}

const args = parse();
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const port = args.port === undefined ? DEFAULT_PORT : Number(args.port);
if (!Number.isInteger(port) || port < 0 || port > 65535)
  fail(`--port must be 0 to 65535, not "${args.port}"`);
const name = args.name?.trim();
if (name === '') fail('--name must not be empty');
const dataDir = resolve(args['data-dir'] ?? join(homedir(), '.red7-lan', 'host'));
// Beside the built host (out/main/cli.js → out/renderer), or from the source (main/cli.ts under tsx).
const builtRenderer = fileURLToPath(
  new URL(import.meta.url.endsWith('.ts') ? '../out/renderer' : '../renderer', import.meta.url),
);
const staticDir = args.static ? resolve(args.static) : existsSync(builtRenderer) ? builtRenderer : undefined;
const discovery = !args['no-discovery'];
/** A whole number from 1 to `max` given as `flag`, or undefined when not given. */
function count(flag: string, value: string | undefined, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!(n >= 1 && n <= max)) fail(`--${flag} must be a whole number from 1 to ${max}, not "${value}"`);
  return n;
}
const historyGames = count('history-games', args['history-games'], HISTORY_GAMES_MAX);
const historyMb = count('history-mb', args['history-mb'], HISTORY_MB_MAX);
const handOverTo = args['hand-over-to'] === undefined ? null : parsePeer(args['hand-over-to'], DEFAULT_PORT);
if (handOverTo === null && args['hand-over-to'] !== undefined)
  fail(`--hand-over-to must be ADDRESS or ADDRESS:PORT, not "${args['hand-over-to']}"`);

const host = await startHost({
  port,
  bind: args.bind,
  dataDir,
  staticDir,
  hostName: name,
  allowedOrigins: args['allow-origin'],
  history: {
    ...(historyGames === undefined ? {} : { maxGames: historyGames }),
    ...(historyMb === undefined ? {} : { maxBytes: historyMb * 2 ** 20 }),
  },
  onProblem: (p) => console.warn(`red7 host: warning: ${p}`),
}).catch((e: unknown) => {
  // A folder it cannot write, an address not on this machine: the person needs the reason, not a trace.
  console.error(`red7 host: cannot start: ${(e as Error).message}`);
  process.exit(1);
});

console.log(
  `red7 host: "${name ?? 'this computer'}" listening on port ${host.port} (pid ${process.pid}, data: ${dataDir})`,
);
// Where the LAN reaches it (main/host/lan-addresses.ts); loopback when bound there or offline.
const lan = host.addresses();
for (const a of lan.length > 0 ? lan : ['127.0.0.1']) {
  const where = a.includes(':') ? `[${a}]:${host.port}` : `${a}:${host.port}`;
  console.log(`red7 host:   http://${where}/   ws://${where}/ws`);
}
console.log(`red7 host: ${host.tables().length} table(s) restored`);

// Discovery is loaded only when wanted, so --no-discovery never touches mDNS.
let stopDiscovery: (() => Promise<void>) | null = null;
if (discovery) {
  const { createPublisher, createTargetAd, syncAds } = await import('./discovery');
  const publisher = createPublisher({ port: host.port, hostName: name });
  syncAds(publisher, host.tables());
  const off = host.onTablesChanged((tables) => syncAds(publisher, tables));
  host.watchDiscovery(() => publisher.reach());
  // Receiving, it is also a hand-over target, as the desktop's "Take over tables" makes it.
  const targetAd = args.receive ? createTargetAd({ port: host.port, hostName: name }) : null;
  stopDiscovery = async () => {
    off();
    await Promise.all([publisher.stop(2000), targetAd?.stop(2000)]);
  };
  console.log('red7 host: announcing tables on the LAN (mDNS)');
} else {
  console.log('red7 host: discovery off; players join by address');
}

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) {
    console.log(`red7 host: ${signal} again, exiting now`);
    process.exit(1);
  }
  stopping = true;
  console.log(`red7 host: ${signal}: stopping (goodbyes, saving tables)`);
  // Goodbyes that fail must not keep the tables from being saved.
  await stopDiscovery?.().catch((e: Error) =>
    console.warn(`red7 host: warning: goodbyes not sent (${e.message})`),
  );
  await host.close({ timeoutMs: 2000 }); // never rejects: problems are printed as warnings
  console.log('red7 host: stopped');
  process.exit(0);
}
if (args.receive) {
  host.handOver.setReceiving(true);
  host.handOver.onAsked(({ from, code, withdrawn }) =>
    console.log(
      withdrawn
        ? `red7 host: "${from}" cancelled its hand-over: code ${code} is no longer good`
        : `red7 host: "${from}" asks to hand its tables over: code ${code} (valid 2 minutes)`,
    ),
  );
  host.handOver.onReceived(({ from, tables }) =>
    console.log(`red7 host: took over ${tables} table(s) from "${from}"`),
  );
  console.log('red7 host: taking over tables from a host that asks (--receive)');
}
if (handOverTo) {
  const ok = await handOverFromCommand(host, handOverTo);
  if (ok) void stop('handed over');
  else process.exitCode = 1;
}

process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGHUP', () => void stop('SIGHUP')); // the terminal closed
// npm signalled alone (its shell dies with it, the signal never reaches us): stop all the same.
// Not a second signal: when npm did pass the signal on, its exit must not cut the goodbyes short.
watchParent(() => {
  if (!stopping) void stop('parent process gone');
});
