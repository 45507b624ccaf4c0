import { defineStore } from 'pinia';
import { ref } from 'vue';

/** What the register's main area shows: products or the checkout, today's orders, online orders to pick, or the drawer. */
export type RegisterView = 'main' | 'orders' | 'pickup' | 'drawer';

/** The main area's view, shared by the top bar, the checkout and the drawer screens. */
export const useRegisterViewStore = defineStore('register-view', () => {
  const view = ref<RegisterView>('main');
  return { view, show: (next: RegisterView) => (view.value = next) };
});
