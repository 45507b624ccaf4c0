/// <reference types="vite/client" />

declare module '*.vue' {
  import type { DefineComponent } from 'vue';
  // Vue's own declaration shape for single-file components.
  const component: DefineComponent<object, object, unknown>;
  export default component;
}
