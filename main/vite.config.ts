import { defineConfig } from 'vite';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';

// The Electron main process and preload, bundled as CommonJS for Node.
const external = ['electron', 'ws', 'bonjour-service', ...builtinModules, ...builtinModules.map((m) => `node:${m}`)];

export default defineConfig({
  build: {
    outDir: fileURLToPath(new URL('../out/main', import.meta.url)),
    emptyOutDir: true,
    target: 'node22',
    ssr: true,
    minify: false,
    lib: {
      entry: { index: fileURLToPath(new URL('./index.ts', import.meta.url)) },
      formats: ['cjs'],
      fileName: (_format, name) => `${name}.cjs`,
    },
    rollupOptions: { external },
  },
});
