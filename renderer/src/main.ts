import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import { detectBridge } from './bridge';
import { makeI18n } from './i18n';
import { defaultClientFactory, setServices } from './services';
import { useSettingsStore } from './stores/settings';
import { useTableStore } from './stores/table';
import './styles/base.css';

const bridge = detectBridge();
const secure = window.location.protocol === 'https:';
setServices({
  bridge,
  createClient: defaultClientFactory(),
  session: window.sessionStorage,
  local: window.localStorage,
  // Served by a host: its own ws endpoint, same origin.
  originWsUrl: bridge.kind === 'web' ? `${secure ? 'wss' : 'ws'}://${window.location.host}/ws` : null,
});

const app = createApp(App);
app.use(createPinia());
app.use(makeI18n());
const settings = useSettingsStore();
void settings.load();
useTableStore().init();
app.mount('#app');
