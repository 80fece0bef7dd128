/** Handing a host's tables over to another host on the LAN (issue 30): what the two sides tell each other. */

/** A sender asked this host to take its tables: the code to show the person at this computer. */
export interface HandOverAsk {
  from: string;
  code: string;
  expiresAt: number;
}

/** What came of handing every table over: the ones the target took, and the ones it refused, with why. */
export interface HandOverReport {
  to: string;
  moved: string[];
  refused: { id: string; reason: string }[];
}
