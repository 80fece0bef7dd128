import { defineConfig } from 'vite';
import vueI18n from '@intlify/unplugin-vue-i18n/vite';
import vue from '@vitejs/plugin-vue';
import { fileURLToPath } from 'node:url';
import { englishWords } from './english-words.ts';
import { precompress } from './precompress.ts';

const DEV_HOST_PORT = Number(process.env.RED7_HOST_PORT ?? 47470);

// The renderer: one build serves the Electron window and browsers that join through a host.
// vue-i18n's own plugin precompiles the locale files (renderer/src/i18n/locales/*.json; a broken
// message breaks the build), so the bundle ships its runtime-only build: no compiler, no eval.
// Tests import the same JSON as plain strings and let the full vue-i18n build compile them.
const locales = fileURLToPath(new URL('./src/i18n/locales/*.json', import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  plugins: [
    vue(),
    // English by screen (src/i18n/words.ts): each part's messages as locale files for vueI18n below.
    englishWords(),
    vueI18n({
      include: [locales],
      runtimeOnly: true,
      compositionOnly: true,
      fullInstall: false,
      dropMessageCompiler: true,
    }),
    // Brotli and gzip copies beside each file, served by the host to browsers that accept them.
    precompress(),
  ],
  define: {
    __VUE_OPTIONS_API__: 'false',
    __VUE_PROD_DEVTOOLS__: 'false',
    __VUE_PROD_HYDRATION_MISMATCH_DETAILS__: 'false',
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
