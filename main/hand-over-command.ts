import { createInterface } from 'node:readline/promises';
import type { Host } from './host';
import type { Peer } from './host/hand-over/sender';

/**
 * The headless host's `--hand-over-to`: asks the receiver for its code, reads the code its person reads out
 * from stdin, hands every table over, prints what moved and what stayed. True when the hand-over was made.
 */
export async function handOverFromCommand(host: Host, to: Peer): Promise<boolean> {
  const where = `${to.address}:${to.port}`;
  try {
    await host.handOver.ask(to);
    const lines = createInterface({ input: process.stdin, output: process.stdout });
    const code = (await lines.question(`red7 host: type the code shown on ${where}: `)).trim();
    lines.close();
    const report = await host.handOver.send(to, code);
    console.log(`red7 host: ${report.moved.length} table(s) moved to "${report.to}"`);
    for (const r of report.refused) console.log(`red7 host:   table ${r.id} stays here: ${r.reason}`);
    // This command quits after the hand-over: nobody is left here to tell the people who were away.
    if (report.away)
      console.log(
        `red7 host: ${report.away} person(s) were away and were not told; this host stops, so they reach "${report.to}" by its address`,
      );
    return true;
  } catch (e) {
    console.error(`red7 host: hand-over to ${where} not made: ${(e as Error).message}`);
    return false;
  }
}
