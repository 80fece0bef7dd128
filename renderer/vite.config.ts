import { defineConfig, type Plugin } from 'vite';
import { baseCompile, type CompileError } from '@intlify/message-compiler';
import vue from '@vitejs/plugin-vue';
import { fileURLToPath } from 'node:url';

const DEV_HOST_PORT = Number(process.env.RED7_HOST_PORT ?? 47470);

// The renderer: one build serves the Electron window and browsers that join through a host.
// Messages are precompiled, so the bundle ships vue-i18n's runtime-only build (no compiler, no eval).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  plugins: [precompileMessages(), vue()],
  resolve: {
    alias: [{ find: /^vue-i18n$/, replacement: 'vue-i18n/dist/vue-i18n.runtime.mjs' }],
  },
  define: {
    __VUE_OPTIONS_API__: 'false',
    __VUE_PROD_DEVTOOLS__: 'false',
    __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
    __VUE_I18N_FULL_INSTALL__: 'false',
    __VUE_I18N_LEGACY_API__: 'false',
    __INTLIFY_PROD_DEVTOOLS__: 'false',
    __INTLIFY_DROP_MESSAGE_COMPILER__: 'true',
  },
  // `npm run dev`: the page comes from Vite, the game from a host started with `npm run host`.
  // The host only accepts its own origin, so the proxy presents itself as that host.
  server: {
    proxy: {
      '/api': { target: `http://127.0.0.1:${DEV_HOST_PORT}`, changeOrigin: true },
      '/ws': {
        target: `ws://127.0.0.1:${DEV_HOST_PORT}`,
        ws: true,
        changeOrigin: true,
        configure: (proxy) =>
          proxy.on('proxyReqWs', (req) => req.setHeader('origin', `http://127.0.0.1:${DEV_HOST_PORT}`)),
      },
    },
  },
  build: {
    outDir: fileURLToPath(new URL('../out/renderer', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
  },
});

/**
 * Compiles the locale JSON files (renderer/src/i18n/locales/*.json) into vue-i18n message ASTs at
 * build time, so the bundle can use the runtime-only vue-i18n (no message compiler shipped).
 * Tests import the same JSON as plain strings and let the full vue-i18n build compile them.
 */
function precompileMessages(): Plugin {
  const localeFile = /[\\/]i18n[\\/]locales[\\/][a-z-]+\.json$/;
  return {
    name: 'red7:precompile-messages',
    enforce: 'pre',
    transform(code, id) {
      if (!localeFile.test(id)) return null;
      const messages = JSON.parse(code) as unknown;
      return { code: JSON.stringify(compileTree(messages, id, '')), map: null };
    },
  };
}

function compileTree(node: unknown, file: string, path: string): unknown {
  if (typeof node === 'string') return compileOne(node, file, path);
  if (node && typeof node === 'object' && !Array.isArray(node)) {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node))
      out[key] = compileTree(value, file, path ? `${path}.${key}` : key);
    return out;
  }
  throw new Error(`${file}: ${path}: a message must be a string or an object of messages`);
}

function compileOne(source: string, file: string, path: string): unknown {
  const errors: string[] = [];
  const { ast } = baseCompile(source, {
    jit: true,
    location: false,
    minify: true,
    onError: (e: CompileError) => errors.push(e.message),
  });
  // A broken message must break the build, not show raw braces to players.
  if (errors.length) throw new Error(`${file}: ${path}: ${errors.join('; ')}`);
  return ast;
}
