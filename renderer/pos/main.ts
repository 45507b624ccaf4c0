import { createPinia } from 'pinia';
import { createApp } from 'vue';
import App from './App.vue';
import '../common/staff.css';
import './pos.css';
import '../common/refund-items.css';
import './returns.css';

createApp(App).use(createPinia()).mount('#app');
