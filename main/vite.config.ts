import { build, defineConfig, type BuildOptions, type InlineConfig, type Plugin } from 'vite';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';

// The Electron main process (plus the host's bot worker) and the preload, bundled as CommonJS.
// The preload is a second, separate build: a sandboxed preload can require only 'electron', so it
// must be one self-contained file that never shares a chunk with the main process. The headless
// host (`npm run host`) is a third: an ES module (it awaits at top level), run by plain Node.
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const nodeBuiltins = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];
// Everything else is bundled, so the packaged app needs no node_modules at all. ws's optional
// native speed-ups stay external: it falls back to JavaScript when they are missing.
const mainExternal = ['electron', 'bufferutil', 'utf-8-validate', ...nodeBuiltins];

/**
 * A bundle of its own for Node or a preload, written beside the main process (run after it, never
 * emptying its folder): every dependency inside except those `rollupOptions` leaves out.
 */
function besideMain(
  outDir: string,
  lib: NonNullable<BuildOptions['lib']>,
  rollupOptions: BuildOptions['rollupOptions'],
  plugin: Plugin,
): InlineConfig {
  return {
    configFile: false,
    logLevel: 'warn',
    ssr: { noExternal: true },
    build: {
      outDir,
      emptyOutDir: false,
      target: 'node22',
      ssr: true,
      minify: false,
      copyPublicDir: false,
      lib,
      rollupOptions,
    },
    plugins: [plugin],
  };
}

/** The preload's build, into the same folder as the main process. */
export function preloadConfig(outDir: string): InlineConfig {
  return besideMain(
    outDir,
    { entry: { preload: here('./preload.ts') }, formats: ['cjs'], fileName: (_f, name) => `${name}.cjs` },
    { external: ['electron'] },
    preloadRequiresOnlyElectron(),
  );
}

/** The headless host's build (out/main/cli.js), beside the main process and its bot worker. */
export function cliConfig(outDir: string): InlineConfig {
  return besideMain(
    outDir,
    { entry: { cli: here('./cli.ts') }, formats: ['es'] },
    {
      external: mainExternal.filter((m) => m !== 'electron'),
      // .js is an ES module here (package.json says "type": "module").
      output: { entryFileNames: '[name].js', chunkFileNames: 'cli-[name]-[hash].js' },
    },
    cliNeverLoadsElectron(),
  );
}

/** Fails the build when the headless host would load Electron (it runs in plain Node). */
function cliNeverLoadsElectron(): Plugin {
  return {
    name: 'red7:cli-never-loads-electron',
    resolveId(id) {
      if (id === 'electron') throw new Error("the headless host must not import 'electron'");
      return null;
    },
  };
}

/** Fails the build when the preload would need anything but 'electron' at run time. */
function preloadRequiresOnlyElectron(): Plugin {
  return {
    name: 'red7:preload-requires-only-electron',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((o) => o.type === 'chunk');
      if (chunks.length !== 1)
        throw new Error(`preload must be one file, got ${chunks.map((c) => c.fileName).join(', ')}`);
      const extra = chunks[0].imports.filter((m) => m !== 'electron');
      if (extra.length)
        throw new Error(`a sandboxed preload can require only 'electron', not ${extra.join(', ')}`);
    },
  };
}

/** Builds the preload and the headless host once the main bundle is written, into its folder. */
function buildPreloadAndCliAfterMain(): Plugin {
  let outDir = '';
  return {
    name: 'red7:build-preload-and-cli',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle(error) {
      if (error) return;
      await build(preloadConfig(outDir));
      await build(cliConfig(outDir));
    },
  };
}

export default defineConfig({
  plugins: [buildPreloadAndCliAfterMain()],
  ssr: { noExternal: true },
  build: {
    outDir: here('../out/main'),
    emptyOutDir: true,
    target: 'node22',
    ssr: true,
    minify: false,
    copyPublicDir: false,
    lib: {
      entry: { index: here('./index.ts'), 'bot-worker': here('./host/bot-worker.ts') },
      formats: ['cjs'],
      fileName: (_format, name) => `${name}.cjs`,
    },
    rollupOptions: { external: mainExternal },
  },
});
