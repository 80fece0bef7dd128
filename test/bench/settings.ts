/** A bench's `name=value` arguments (words without `=` pick benches in run.ts and are left out). */
export function benchSettings(argv: readonly string[] = process.argv.slice(2)): Map<string, string> {
  return new Map(argv.filter((a) => a.includes('=')).map((a) => a.split('=', 2) as [string, string]));
}
