import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importGraph } from '../helpers/import-graph';

// docs/renderer.md: stores are the only doors to the network, the bridge and storage. A component or a view
// reads stores and calls their actions; none imports the app's services itself.
const renderer = importGraph(fileURLToPath(new URL('../../renderer/src', import.meta.url)));

/** The doors a screen may pass through to the services: the stores, and the tutorial's own progress. */
const isDoor = (file: string) => file.startsWith('stores/') || file === 'learn/progress.ts';

/** Whether `from` reaches services.ts through its imports without passing a door (all of them: `doors` false). */
function reachesServices(from: string, doors = true): boolean {
  const seen = new Set<string>();
  const walk = (file: string): boolean => {
    if (file === 'services.ts') return true;
    if (seen.has(file) || (doors && isDoor(file))) return false;
    seen.add(file);
    return (renderer.get(file) ?? []).some(walk);
  };
  return (renderer.get(from) ?? []).some(walk);
}

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

  it('no component or view reaches services but through a store (a helper of its own counts as reaching)', () => {
    // The walk stops at the doors; without them every screen that reads a store reaches services.
    expect(reachesServices('views/LobbyView.vue', false)).toBe(true);
    const screens = [...renderer.keys()].filter((file) => file.endsWith('.vue'));
    expect(screens.length).toBeGreaterThan(50);
    expect(screens.filter((file) => reachesServices(file))).toEqual([]);
  });
});
