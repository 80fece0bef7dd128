// A host process with a small table cap, for tests that kill it: `node --import tsx capped-host.ts DIR MAX`.
// It prints the same two lines as the host command, so `spawnHost` can wait for them.
import { startHost } from '../../../main/host';

const [dataDir, maxTables] = process.argv.slice(2);
const host = await startHost({
  port: 0,
  bind: '127.0.0.1',
  dataDir,
  hostName: 'capped host',
  bots: 'inline',
  limits: { maxTables: Number(maxTables) },
});
console.log(`listening on port ${host.port}`);
console.log(`${host.tables().length} table(s) restored`);
