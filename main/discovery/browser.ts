import { browseService } from './browse-service';
import { warnOnce } from './socket';
import { TableList } from './table-list';
import { SERVICE_DOMAIN, type BrowseEvent, type BrowseOptions, type TableBrowser } from './types';

const DEFAULT_EXPIRE_MS = 7000;
const DEFAULT_RESCAN_MS = 5000;

/** Watches the LAN for tables on every IPv4 interface (`browseService`: asked again, silent ones dropped). */
export function browseTables(onEvent: (e: BrowseEvent) => void, opts: BrowseOptions = {}): TableBrowser {
  const expireMs = opts.expireMs ?? DEFAULT_EXPIRE_MS;
  const requeryMs = opts.requeryMs ?? Math.max(100, Math.round(expireMs / 3));
  if (!(expireMs > 0) || !(requeryMs > 0) || requeryMs >= expireMs)
    throw new RangeError('browse: expireMs and requeryMs must be positive, requeryMs below expireMs');
  const browse = browseService({
    domain: SERVICE_DOMAIN,
    label: 'browse',
    expireMs,
    requeryMs,
    rescanMs: opts.rescanMs ?? DEFAULT_RESCAN_MS,
    onError: opts.onError ?? warnOnce(),
    onEvent,
    makeList: (emit) => new TableList(expireMs, emit),
  });
  return { tables: () => browse.list.tables(), stop: browse.stop };
}
