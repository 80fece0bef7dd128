import * as fs from 'node:fs';
import { parseLogLine, type LogLine } from './store-format';

/**
 * Reads the intact prefix of a move log. A torn last line (a crash mid-write) or a damaged line ends the
 * log there: the file is cut back to the intact prefix (the damaged original kept beside it), so later
 * appends continue a clean log. Null when the log exists but cannot be read (reported).
 */
export function readMoveLog(path: string, id: string, report: (problem: string) => void): LogLine[] | null {
  let text: string;
  try {
    text = fs.readFileSync(path, 'utf8');
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'ENOENT') return []; // no move yet
    // Going on from the snapshot alone would lose the moves after it, and later moves would fork the log.
    report(`table ${id}: move log unreadable (${err.code ?? err.message}); skipped`);
    return null;
  }
  const lines: LogLine[] = [];
  let good = 0;
  let problem: string | null = null;
  while (good < text.length) {
    const end = text.indexOf('\n', good);
    if (end < 0) {
      problem = 'the last line is cut short';
      break;
    }
    const line = parseLogLine(text.slice(good, end));
    if (!line.ok) {
      problem = `line ${lines.length + 1}: ${line.reason}`;
      break;
    }
    lines.push(line.line);
    good = end + 1;
  }
  if (problem !== null) {
    report(`table ${id}: move log damaged (${problem}); kept ${lines.length} intact line(s)`);
    try {
      fs.copyFileSync(path, `${path}.damaged-${Date.now()}`);
      fs.truncateSync(path, Buffer.byteLength(text.slice(0, good)));
    } catch (e) {
      report(`table ${id}: could not repair the move log (${(e as Error).message})`);
    }
  }
  return lines;
}
