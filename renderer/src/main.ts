import { createApp } from 'vue';
import { createPinia } from 'pinia';
import App from './App.vue';
import { detectBridge } from './bridge';
import { defaultPort } from './bridge/web';
import { wsUrl } from './net/address';
import { makeI18n } from './i18n';
import { defaultClientFactory, setServices, windowNavigation } from './services';
import { useSettingsStore } from './stores/settings';
import { useRouteStore } from './stores/route';
import { useTableStore } from './stores/table';
import { adoptCarriedSeat } from './stores/movedTable';
import { useFollowHostStore } from './stores/followHost';
import './styles/base.css';

const bridge = detectBridge();
const secure = window.location.protocol === 'https:';
const origin = { address: window.location.hostname, port: defaultPort(window.location) };
setServices({
  bridge,
  createClient: defaultClientFactory(),
  session: window.sessionStorage,
  local: window.localStorage,
  // Served by a host: its own ws endpoint, same origin.
  originWsUrl: bridge.kind === 'web' ? wsUrl(origin, secure) : null,
  nav: windowNavigation(window),
});

const app = createApp(App);
app.use(createPinia());
app.use(makeI18n());
const settings = useSettingsStore();
void settings.load();
useTableStore().init();
adoptCarriedSeat(); // a table that moved here from another host brought its seat in the address
useFollowHostStore().init();
useRouteStore().start();
app.mount('#app');
