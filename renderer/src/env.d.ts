/// <reference types="vite/client" />
declare module '*.vue' {
  import type { DefineComponent } from 'vue';
  const component: DefineComponent<object, object, unknown>;
  export default component;
}
/** A part of the English messages (src/i18n/words.ts, renderer/english-words.ts): a message tree to merge. */
declare module 'virtual:english/*' {
  const words: Record<string, unknown>;
  export default words;
}
