import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importGraph } from '../helpers/import-graph';

// docs/renderer.md: stores are the only doors to the network, the bridge and storage. A component or a view
// reads stores and calls their actions; none imports the app's services itself.
const renderer = importGraph(fileURLToPath(new URL('../../renderer/src', import.meta.url)));

describe('the renderer reaches its services through stores', () => {
  it('the graph sees the stores that do import services (the check can fail)', () => {
    expect(renderer.get('stores/app.ts')).toContain('services.ts');
  });

  it('no component or view imports services', () => {
    const reaching = [...renderer].filter(
      ([file, to]) => file.endsWith('.vue') && to.includes('services.ts'),
    );
    expect(reaching.map(([file]) => file)).toEqual([]);
  });
});
